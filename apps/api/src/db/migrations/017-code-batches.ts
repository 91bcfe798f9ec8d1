import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connect.js';
import { idColumn } from './columns.js';

/**
 * Code batches and the certificate template (ADR 0022): who generated which codes for which spec, each code
 * remembering its batch (for the export and range assignment), and one certificate template per platform (a stored
 * background image and the field positions as JSON). Additive only.
 */
export function codeBatches(dialect: Dialect): Migration {
  const id = idColumn(dialect);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('code_batches')
        .addColumn(...id)
        .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
        // 1 trace, 2 anti-counterfeit.
        .addColumn('code_type', 'integer', (c) => c.notNull())
        .addColumn('single_prod_id', 'bigint', (c) => c.notNull().references('single_products.id'))
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('staff_id', 'bigint', (c) => c.notNull())
        .addColumn('staff_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('code_batches_plat').on('code_batches').columns(['plat_id', 'code_type', 'id']).execute();
      for (const t of ['trace_codes', 'review_codes']) {
        await db.schema.alterTable(t).addColumn('batch_id', 'bigint').execute();
        await db.schema.createIndex(`${t}_batch`).on(t).columns(['batch_id', 'id']).execute();
      }
      await db.schema
        .createTable('certificate_templates')
        .addColumn('plat_id', 'varchar(64)', (c) => c.primaryKey())
        // The storage key of the background (a re-encoded JPEG), '' for the built-in design.
        .addColumn('background_key', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('fields', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('certificate_templates').execute();
      for (const t of ['trace_codes', 'review_codes']) {
        await db.schema.dropIndex(`${t}_batch`).execute();
        await db.schema.alterTable(t).dropColumn('batch_id').execute();
      }
      await db.schema.dropTable('code_batches').execute();
    },
  };
}
