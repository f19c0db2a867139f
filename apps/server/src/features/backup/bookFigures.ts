/**
 * The book figures: a summary of a database's books, computed by SQL from the base facts (document headers, ledger
 * lines, stock movements), and a digest of every table's rows. Two databases with equal figures hold the same books,
 * row for row. A backup carries the figures of its snapshot, so a restore can prove it loaded what was backed up; the
 * carry-over from PGlite and the upgrade fixture compare with them too. See docs/backups.md.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { readSequences, readTables, type SequenceValue } from './catalog.ts';

/** Every amount and quantity is an exact decimal string as PostgreSQL prints its `numeric` (never a float). */
export type BookFigures = {
  /** Documents per store and kind: `trade_document:pay`, `journal:receipt` (`journal:entry`: no voucher), `stock_count`, `opening_quantity`. */
  documents: { store_id: number; kind: string; count: number }[];
  /** Each account's debit and credit totals of its ledger lines, per store and year. */
  trialBalance: { store_id: number; yearId: number; account_id: number; debit: string; credit: string }[];
  /**
   * Stock per store, from its movements: the quantity, the value at cost (the movements' values), and the value at
   * selling price (each item's quantity × its `pay_price`, rounded to the cent per item, as the stock screen shows).
   */
  stock: { store_id: number; quantity: string; value_at_cost: string; value_at_price: string }[];
  /**
   * Each table's row count and the md5 of its rows: of the text `COPY` prints for its stored columns (generated ones
   * left out), in primary-key order, with UTC times and ISO dates. Equal digests mean every row is identical.
   */
  tables: { table: string; rows: number; md5: string }[];
  sequences: SequenceValue[];
};

/**
 * The output settings the digests are computed under, so that they do not depend on the session or the server's
 * configuration (a `timestamptz` prints in the session's time zone).
 */
const stableOutput: Record<string, string> = {
  TimeZone: 'UTC',
  DateStyle: 'ISO, YMD',
  IntervalStyle: 'postgres',
  extra_float_digits: '1',
  bytea_output: 'hex',
  client_encoding: 'UTF8',
};

/**
 * Reads the figures inside the caller's transaction (its output settings are set for that transaction only). On a
 * database in use, call it in a `REPEATABLE READ` transaction: every figure then describes the same instant.
 */
export async function readBookFigures(client: pg.ClientBase): Promise<BookFigures> {
  await useStableOutput(client);
  const documents = await client.query<BookFigures['documents'][number]>(
    `SELECT store_id, kind, count FROM (
       SELECT store_id, 'trade_document:' || kind AS kind, count(*)::int AS count FROM trade_document GROUP BY 1, 2
       UNION ALL
       SELECT store_id, 'journal:' || coalesce(voucher_kind, 'entry'), count(*)::int FROM journal GROUP BY 1, 2
       UNION ALL
       SELECT store_id, 'stock_count', count(*)::int FROM stock_count GROUP BY 1
       UNION ALL
       SELECT store_id, 'opening_quantity', count(*)::int FROM firstq GROUP BY 1
     ) d ORDER BY store_id, kind COLLATE "C"`,
  );
  const trialBalance = await client.query<BookFigures['trialBalance'][number]>(
    `SELECT store_id, "yearId", account_id, sum(debit)::text AS debit, sum(credit)::text AS credit
     FROM ledger_line GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
  );
  const stock = await client.query<BookFigures['stock'][number]>(
    `WITH per_item AS (
       SELECT store_id, item_id, sum(quantity) AS quantity, sum(value) AS value FROM stock_movement GROUP BY 1, 2
     )
     SELECT p.store_id, sum(p.quantity)::text AS quantity, sum(p.value)::text AS value_at_cost,
       sum(round(p.quantity * i.pay_price, 2))::text AS value_at_price
     FROM per_item p JOIN items i ON i.id = p.item_id GROUP BY 1 ORDER BY 1`,
  );
  const tables: BookFigures['tables'] = [];
  for (const table of await readTables(client)) {
    const select = `SELECT ${table.columns.join(', ')} FROM ${table.sqlName} ORDER BY ${table.orderBy.join(', ')}`;
    tables.push({ table: table.name, ...(await digestRows(client, select)) });
  }
  return {
    documents: documents.rows,
    trialBalance: trialBalance.rows,
    stock: stock.rows,
    tables,
    sequences: await readSequences(client),
  };
}

/** The figures of the database as one instant, in a read-only transaction of their own. */
export async function readBookFiguresAtOnce(client: pg.ClientBase): Promise<BookFigures> {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
  try {
    return await readBookFigures(client);
  } finally {
    await client.query('COMMIT');
  }
}

async function useStableOutput(client: pg.ClientBase) {
  const names = Object.keys(stableOutput);
  await client.query(`SELECT ${names.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`).join(', ')}`, [
    ...names.flatMap((name) => [name, stableOutput[name]]),
  ]);
  // Outside a transaction block the settings above lasted one statement: the digests would follow the session's.
  const { rows } = await client.query<Record<string, string>>(
    `SELECT ${names.map((name, i) => `current_setting('${name}') AS s${i}`).join(', ')}`,
  );
  const unset = names.filter((name, i) => rows[0]?.[`s${i}`] !== stableOutput[name]);
  if (unset.length > 0) throw new Error(`readBookFigures must run inside a transaction (${unset.join(', ')} not set)`);
}

/** The rows as COPY prints them, hashed as they stream: a table of millions of rows is never held in memory. */
async function digestRows(client: pg.ClientBase, select: string) {
  const hash = createHash('md5');
  let rows = 0;
  const stream = client.query(copyTo(`COPY (${select}) TO STDOUT`));
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    hash.update(chunk);
    // One line per row: COPY's text format escapes the newlines inside values.
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows++;
  }
  return { rows, md5: hash.digest('hex') };
}

/**
 * The differences between two sets of figures, in plain English, `a` called "expected" and `b` "found"; none when the
 * books are identical.
 */
export function compareBookFigures(a: BookFigures, b: BookFigures): string[] {
  return [
    ...compareRows('documents', a.documents, b.documents, (r) => `store ${r.store_id}, ${r.kind}`, ['count']),
    ...compareRows(
      'trial balance',
      a.trialBalance,
      b.trialBalance,
      (r) => `store ${r.store_id}, year ${r.yearId}, account ${r.account_id}`,
      ['debit', 'credit'],
    ),
    ...compareRows('stock', a.stock, b.stock, (r) => `store ${r.store_id}`, [
      'quantity',
      'value_at_cost',
      'value_at_price',
    ]),
    ...compareRows('table', a.tables, b.tables, (r) => r.table, ['rows', 'md5']),
    ...compareRows('sequence', a.sequences, b.sequences, (r) => r.sequence, ['last_value', 'is_called']),
  ];
}

function compareRows<Row>(
  section: string,
  expected: Row[],
  found: Row[],
  keyOf: (row: Row) => string,
  fields: (keyof Row & string)[],
): string[] {
  const foundByKey = new Map(found.map((row) => [keyOf(row), row]));
  const differences: string[] = [];
  for (const row of expected) {
    const key = keyOf(row);
    const other = foundByKey.get(key);
    foundByKey.delete(key);
    if (!other) {
      differences.push(`${section} ${key}: expected, not found`);
      continue;
    }
    for (const field of fields) {
      if (String(row[field]) !== String(other[field])) {
        differences.push(`${section} ${key}: ${field} expected ${row[field]}, found ${other[field]}`);
      }
    }
  }
  for (const key of foundByKey.keys()) differences.push(`${section} ${key}: found, not expected`);
  return differences;
}
