import type { Generated } from 'kysely';
import type { Timestamp } from './shared.js';

/*
 * Tables written by modules/catalog, whose repositories are their only writers (ADR 0013): products, single_products,
 * grade_prices, product_hidden_grades, stock_changes, activities, activity_items, grade_gifts, banners, notices.
 */

export interface ProductTable {
  id: Generated<number>;
  plat_id: string;
  prod_type: number;
  prod_name: string;
  prod_introduction: Generated<string>;
  prod_remark: Generated<string>;
  main_img_url: Generated<string>;
  detail_img_urls: Generated<string>;
  detail_video_url: Generated<string>;
  base_sale: Generated<number>;
  actual_sale: Generated<number>;
  sort: Generated<number>;
  is_phone_show: Generated<number>;
  created_at: Timestamp;
}

export interface SingleProductTable {
  id: Generated<number>;
  plat_id: string;
  product_id: number;
  spec_disp_str: string;
  price: number;
  img_url: Generated<string>;
  /** Stock; never below zero. */
  virtual_num: number;
  weight: Generated<number>;
  integral_num: Generated<number>;
  touch_state: Generated<number>;
  touch_money: Generated<number>;
  sort: Generated<number>;
}

/** A product is hidden from these grades even where it has a price (migration 014). */
export interface ProductHiddenGradeTable {
  product_id: number;
  grade_id: number;
}

/** A stock change made by staff: a delta applied by a conditional update, with the stock it left (migration 014). */
export interface StockChangeTable {
  id: Generated<number>;
  plat_id: string;
  single_prod_id: number;
  delta: number;
  stock_after: number;
  reason: string;
  staff_id: number;
  staff_name: string;
  created_at: Timestamp;
}

export interface GradePriceTable {
  single_prod_id: number;
  grade_id: number;
  final_price: number;
}

export interface ActivityTable {
  id: Generated<number>;
  plat_id: string;
  product_id: number;
  exchange_type: number;
  expiry_start_date: Timestamp;
  expiry_end_date: Timestamp;
  all_use_num: Generated<number>;
  sort: Generated<number>;
  is_phone_show: Generated<number>;
  created_at: Timestamp;
}

export interface ActivityItemTable {
  id: Generated<number>;
  activity_id: number;
  single_prod_id: number;
  exchange_integral: Generated<number>;
  exchange_price: Generated<number>;
  last_num: number;
  spec_info: Generated<string>;
}

export interface GradeGiftTable {
  grade_id: number;
  single_prod_id: number;
  buy_num: number;
}

export interface BannerTable {
  id: Generated<number>;
  plat_id: string;
  type: Generated<number>;
  img_url: string;
  link_url: Generated<string>;
  sort: Generated<number>;
  /** Migration 016: the window the shop shows it in (null: open) and its switch. */
  start_at: string | null;
  end_at: string | null;
  enabled: Generated<number>;
}

export interface NoticeTable {
  id: Generated<number>;
  plat_id: string;
  notice_name: string;
  notice_content: string;
  is_timing_release: Generated<number>;
  release_date: Timestamp;
  created_at: Timestamp;
  modified_at: Timestamp;
}
