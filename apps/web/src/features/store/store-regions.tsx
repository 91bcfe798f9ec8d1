import { useEffect, useState } from 'react';
import type { Region } from '@shop/contract/region';

export interface RegionChoice {
  provinceCode: string;
  cityCode: string;
  countyCode: string;
  province: string;
  city: string;
  county: string;
}

export const NO_REGION: RegionChoice = { provinceCode: '', cityCode: '', countyCode: '', province: '', city: '', county: '' };

/**
 * Province, city and district as three native selects (the phone's own wheel; lighter than the shop's antd-mobile
 * picker on the store's checkout). Where the data has no district below a city (Hong Kong, Macau), the city stands
 * for it, as the shop's region tree says (spec 2 §3).
 */
export function RegionSelects({ value, onChange }: { value: RegionChoice; onChange: (v: RegionChoice) => void }) {
  const [tree, setTree] = useState<Region[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('./store-region-data.js').then(
      (m) => live && setTree(m.regions),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
  if (failed) return <span className="store-note">地区数据加载失败，请刷新页面重试</span>;
  const province = tree?.find((p) => p.code === value.provinceCode);
  const city = province?.children.find((c) => c.code === value.cityCode);
  const pick = (p?: Region, c?: Region, d?: Region) => {
    const county = d ?? (c && c.children.length === 0 ? c : undefined);
    onChange({
      provinceCode: p?.code ?? '',
      province: p?.name ?? '',
      cityCode: c?.code ?? '',
      city: c?.name ?? '',
      countyCode: county?.code ?? '',
      county: county?.name ?? '',
    });
  };
  return (
    <span className="store-regions">
      <select aria-label="省份" value={value.provinceCode} disabled={!tree} onChange={(e) => pick(tree?.find((p) => p.code === e.target.value))}>
        <option value="">{tree ? '省份' : '加载中'}</option>
        {tree?.map((p) => (
          <option key={p.code} value={p.code}>
            {p.name}
          </option>
        ))}
      </select>
      <select aria-label="城市" value={value.cityCode} disabled={!province} onChange={(e) => pick(province, province?.children.find((c) => c.code === e.target.value))}>
        <option value="">城市</option>
        {province?.children.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </select>
      <select
        aria-label="区县"
        value={value.countyCode}
        disabled={!city || city.children.length === 0}
        onChange={(e) => pick(province, city, city?.children.find((d) => d.code === e.target.value))}
      >
        <option value="">区县</option>
        {city?.children.map((d) => (
          <option key={d.code} value={d.code}>
            {d.name}
          </option>
        ))}
      </select>
    </span>
  );
}
