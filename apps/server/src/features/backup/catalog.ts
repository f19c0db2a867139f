/**
 * What the backup and the book figures read of a database's catalog: its tables (with the columns a backup carries and
 * their primary key) and its sequences, in the schemas the app owns.
 */
import type pg from 'pg';

/** The app's schemas: its tables, and drizzle's record of the migrations applied. */
export const appSchemas = ['public', 'drizzle'] as const;

export type TableInfo = {
  /** Schema-qualified and quoted, ready for SQL: `"public"."ledger_line"`. */
  sqlName: string;
  /** `public.ledger_line`: how figures and messages name it. */
  name: string;
  /**
   * The stored columns, quoted, in table order. Generated columns are left out: the database computes them again
   * when the rows are loaded (COPY refuses a value for them).
   */
  columns: string[];
  /** The primary key's columns, quoted, with `COLLATE "C"` on text ones so the order is the same in any locale. */
  orderBy: string[];
};

export function quoteIdent(name: string) {
  return `"${name.replaceAll('"', '""')}"`;
}

export async function readTables(client: pg.ClientBase): Promise<TableInfo[]> {
  const { rows } = await client.query<{
    schema: string;
    table: string;
    columns: string[];
    collatable: boolean[];
    key: string[] | null;
    key_collatable: boolean[] | null;
  }>(
    `SELECT n.nspname::text AS schema, c.relname::text AS table,
       array_agg(a.attname::text ORDER BY a.attnum) AS columns,
       array_agg(a.attcollation <> 0 ORDER BY a.attnum) AS collatable,
       (SELECT array_agg(k.attname::text ORDER BY p.ord) FROM pg_index i
          CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS p(attnum, ord)
          JOIN pg_attribute k ON k.attrelid = i.indrelid AND k.attnum = p.attnum
          WHERE i.indrelid = c.oid AND i.indisprimary) AS key,
       (SELECT array_agg(k.attcollation <> 0 ORDER BY p.ord) FROM pg_index i
          CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS p(attnum, ord)
          JOIN pg_attribute k ON k.attrelid = i.indrelid AND k.attnum = p.attnum
          WHERE i.indrelid = c.oid AND i.indisprimary) AS key_collatable
     FROM pg_class c
     JOIN pg_namespace n ON n.oid = c.relnamespace
     JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
     WHERE c.relkind = 'r' AND n.nspname = ANY($1)
     GROUP BY n.nspname, c.relname, c.oid
     ORDER BY n.nspname COLLATE "C", c.relname COLLATE "C"`,
    [appSchemas],
  );
  return rows.map((row) => {
    const collate = (column: string, collatable: boolean | undefined) =>
      collatable ? `${quoteIdent(column)} COLLATE "C"` : quoteIdent(column);
    // Every table of ours has a primary key; a table without one is ordered by all its columns.
    const orderBy = row.key
      ? row.key.map((column, i) => collate(column, row.key_collatable?.[i]))
      : row.columns.map((column, i) => collate(column, row.collatable[i]));
    return {
      sqlName: `${quoteIdent(row.schema)}.${quoteIdent(row.table)}`,
      name: `${row.schema}.${row.table}`,
      columns: row.columns.map(quoteIdent),
      orderBy,
    };
  });
}

export type SequenceValue = { sequence: string; last_value: string; is_called: boolean };

/**
 * Every sequence's position. Sequences are outside transactions: read during a snapshot they may be ahead of the
 * rows it sees (numbers taken since), never behind, so loading these positions never hands out a number twice.
 */
export async function readSequences(client: pg.ClientBase): Promise<SequenceValue[]> {
  const { rows } = await client.query<{ schema: string; name: string }>(
    `SELECT n.nspname AS schema, c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind = 'S' AND n.nspname = ANY($1) ORDER BY n.nspname COLLATE "C", c.relname COLLATE "C"`,
    [appSchemas],
  );
  const values: SequenceValue[] = [];
  for (const { schema, name } of rows) {
    const { rows: positions } = await client.query<{ last_value: string; is_called: boolean }>(
      `SELECT last_value::text, is_called FROM ${quoteIdent(schema)}.${quoteIdent(name)}`,
    );
    const position = positions[0];
    if (position) values.push({ sequence: `${schema}.${name}`, ...position });
  }
  return values;
}
