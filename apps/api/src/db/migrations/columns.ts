import type { ColumnDefinitionBuilder, CreateTableBuilder } from 'kysely';

type DataType = Parameters<CreateTableBuilder<string>['addColumn']>[1];
import type { Dialect } from '../connect.js';

type ColumnArgs = [string, DataType, (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder];

/** The surrogate key: one migration text for both databases. */
export function idColumn(dialect: Dialect): ColumnArgs {
  return dialect === 'postgres'
    ? ['id', 'bigserial', (c) => c.primaryKey()]
    : ['id', 'integer', (c) => c.primaryKey().autoIncrement()];
}
