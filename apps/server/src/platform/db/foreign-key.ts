import { type AnyPgColumn, foreignKey } from 'drizzle-orm/pg-core';

type OnDelete = 'cascade' | 'restrict' | 'set null' | 'no action';

/**
 * A foreign key named `<table>_<column>_fkey`, PostgreSQL's own convention: the name is what db-errors.ts maps
 * to an error code, so it is fixed here rather than left to drizzle's generated names.
 */
export const foreignKeyOf = (table: string, column: AnyPgColumn, target: AnyPgColumn, onDelete: OnDelete) =>
  foreignKey({ name: `${table}_${column.name}_fkey`, columns: [column], foreignColumns: [target] }).onDelete(onDelete);
