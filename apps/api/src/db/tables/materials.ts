import type { Generated } from 'kysely';
import type { Timestamp } from './shared.js';

/*
 * Tables written by modules/materials, whose repositories are their only writers (ADR 0013): material_stores,
 * material_classifies, materials. material_stores is read only (the seed writes it).
 */

export interface MaterialStoreTable {
  plat_id: string;
  store_name: Generated<string>;
  store_img_url: Generated<string>;
}

export interface MaterialClassifyTable {
  id: Generated<number>;
  plat_id: string;
  classify_name: string;
  sort: Generated<number>;
}

export interface MaterialTable {
  id: Generated<number>;
  plat_id: string;
  classify_id: number;
  material_content: Generated<string>;
  /** 1 video, 2 images. */
  material_type: Generated<number>;
  /** Comma-joined URLs. */
  file_urls: Generated<string>;
  video_picture_url: Generated<string>;
  created_at: Timestamp;
}
