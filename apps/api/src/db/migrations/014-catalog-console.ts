import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connect.js';
import { idColumn } from './columns.js';

/**
 * The catalog in the console (ADR 0021): grades a product is hidden from (none: every grade with a price sees
 * it, as the seed's products), and stock changes made by staff as recorded deltas (who, delta, reason, stock after).
 */
export function catalogConsole(dialect: Dialect): Migration {
  const id = idColumn(dialect);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('product_hidden_grades')
        .addColumn('product_id', 'bigint', (c) => c.notNull().references('products.id'))
        .addColumn('grade_id', 'bigint', (c) => c.notNull().references('grades.id'))
        .addPrimaryKeyConstraint('product_hidden_grades_pk', ['product_id', 'grade_id'])
        .execute();

      await db.schema
        .createTable('stock_changes')
        .addColumn(...id)
        .addColumn('plat_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('single_prod_id', 'bigint', (c) => c.notNull().references('single_products.id'))
        .addColumn('delta', 'integer', (c) => c.notNull())
        .addColumn('stock_after', 'integer', (c) => c.notNull())
        .addColumn('reason', 'varchar(255)', (c) => c.notNull())
        .addColumn('staff_id', 'bigint', (c) => c.notNull())
        .addColumn('staff_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('stock_changes_single').on('stock_changes').columns(['single_prod_id', 'id']).execute();
    },
  };
}
