// Frozen with the migrations that use it: change nothing here that an existing migration relies on.
import {
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
  PostgresAdapter,
  type RawBuilder,
  sql,
} from 'kysely';

export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-incrementing integer primary key on either dialect. */
export function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

export function timestampType(db: Kysely<any>) {
  return isPostgres(db) ? ('timestamptz' as const) : ('text' as const);
}

/** The current time as the column default, in the ISO-8601 UTC form the app writes. */
export function nowDefault(db: Kysely<any>): RawBuilder<unknown> {
  return isPostgres(db) ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
}

/** created_at and updated_at, both defaulting to now. */
export function withTimestamps<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, any>) {
  const notNullNow = (col: ColumnDefinitionBuilder) => col.notNull().defaultTo(nowDefault(db));
  return table
    .addColumn('created_at', timestampType(db), notNullNow)
    .addColumn('updated_at', timestampType(db), notNullNow);
}

/** An 8-byte float on both dialects (PostgreSQL's `real` is only 4 bytes). */
export function doubleType(db: Kysely<any>) {
  return isPostgres(db) ? ('double precision' as const) : ('real' as const);
}
