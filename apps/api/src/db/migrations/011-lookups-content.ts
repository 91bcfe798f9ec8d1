import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connect.js';
import { idColumn } from './columns.js';

/**
 * Public lookups and content (ADR 0018): trace codes with their owner, anti-counterfeit codes with every
 * query of them (a code queried before is the sign of a copy), the material centre and its store data. Additive only.
 */
export function lookupsContent(dialect: Dialect): Migration {
  const id = idColumn(dialect);
  const zero = (c: any) => c.notNull().defaultTo(0);
  const empty = (c: any) => c.notNull().defaultTo('');
  const plat = (c: any) => c.notNull();
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('trace_codes')
        .addColumn(...id)
        .addColumn('plat_id', 'varchar(64)', plat)
        .addColumn('trace_code', 'varchar(64)', (c) => c.notNull())
        .addColumn('single_prod_id', 'bigint', (c) => c.notNull().references('single_products.id'))
        // 0 headquarters, otherwise agent (spec 3 §9); the owning agent when it is one.
        .addColumn('agent_type', 'integer', zero)
        .addColumn('agent_id', 'bigint', (c) => c.references('agents.id'))
        // 0 an agent holds it, otherwise a member (a retail customer) named below.
        .addColumn('ascription_type', 'integer', zero)
        .addColumn('cus_name', 'varchar(40)', empty)
        .addColumn('cus_phone', 'varchar(20)', empty)
        .addColumn('cus_grade_name', 'varchar(40)', empty)
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('trace_codes_code').on('trace_codes').columns(['plat_id', 'trace_code']).unique().execute();

      await db.schema
        .createTable('review_codes')
        .addColumn(...id)
        .addColumn('plat_id', 'varchar(64)', plat)
        .addColumn('review_code', 'varchar(64)', (c) => c.notNull())
        .addColumn('single_prod_id', 'bigint', (c) => c.notNull().references('single_products.id'))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('review_codes_code').on('review_codes').columns(['plat_id', 'review_code']).unique().execute();

      await db.schema
        .createTable('review_queries')
        .addColumn(...id)
        .addColumn('review_code_id', 'bigint', (c) => c.notNull().references('review_codes.id'))
        .addColumn('queried_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('review_queries_code').on('review_queries').columns(['review_code_id', 'queried_at']).execute();

      await db.schema
        .createTable('material_stores')
        .addColumn('plat_id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('store_name', 'varchar(60)', empty)
        .addColumn('store_img_url', 'varchar(300)', empty)
        .execute();

      await db.schema
        .createTable('material_classifies')
        .addColumn(...id)
        .addColumn('plat_id', 'varchar(64)', plat)
        .addColumn('classify_name', 'varchar(40)', (c) => c.notNull())
        .addColumn('sort', 'integer', zero)
        .execute();

      await db.schema
        .createTable('materials')
        .addColumn(...id)
        .addColumn('plat_id', 'varchar(64)', plat)
        .addColumn('classify_id', 'bigint', (c) => c.notNull().references('material_classifies.id'))
        .addColumn('material_content', 'text', empty)
        // 1 video, 2 images (spec 3 §3).
        .addColumn('material_type', 'integer', (c) => c.notNull().defaultTo(2))
        // Comma-joined URLs: the video, or the images.
        .addColumn('file_urls', 'text', empty)
        .addColumn('video_picture_url', 'varchar(300)', empty)
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('materials_classify').on('materials').columns(['plat_id', 'classify_id', 'created_at']).execute();
    },
    async down(db: Kysely<any>) {
      for (const t of ['materials', 'material_classifies', 'material_stores', 'review_queries', 'review_codes', 'trace_codes']) {
        await db.schema.dropTable(t).execute();
      }
    },
  };
}
