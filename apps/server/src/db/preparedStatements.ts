import type pg from 'pg';

/** Statements named at most: each named one costs every connection that sends it a prepared copy on the server. */
const MAX_NAMED = 500;
/** Longer texts are not named (a bulk insert's text grows with its rows). */
const MAX_TEXT = 20_000;
/** Texts seen only once are forgotten past this many, so one-off texts do not pile up. */
const MAX_SEEN = 5_000;

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown[] };

/**
 * Names each statement with values that a transaction sends a second time, so PostgreSQL prepares it once per
 * connection: it parses it once, and after a few runs keeps one plan instead of planning it again each time. A
 * sale sends the same statements every time, and planning them again was about a third of the database's time a
 * sale (docs/large-store.md). Only writes are named (statements inside a transaction: saves, counts, journals,
 * imports), whose plans follow keys and do not depend on the values; a report outside a transaction is still
 * planned for its own dates and filters. Statements without values (`begin`, `commit`, a migration's text) go as
 * they are.
 */
export function nameRepeatedStatements(pool: pg.Pool) {
  const names = new Map<string, string | 1>();
  let named = 0;
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (typeof known === 'string') return known;
    if (named >= MAX_NAMED || text.length > MAX_TEXT) return undefined;
    if (known === undefined) {
      if (names.size > MAX_SEEN) for (const [key, value] of names) if (value === 1) names.delete(key);
      names.set(text, 1);
      return undefined;
    }
    const name = `mizan_${++named}`;
    names.set(text, name);
    return name;
  };
  pool.on('connect', (client) => {
    let inTransaction = false;
    const send = client.query as (...args: unknown[]) => unknown;
    client.query = function (this: pg.PoolClient, ...args: unknown[]) {
      const config = args[0] as QueryConfig | string | undefined;
      const text = typeof config === 'string' ? config : config?.text;
      if (typeof text !== 'string') return send.apply(this, args);
      const values = Array.isArray(args[1]) ? args[1] : typeof config === 'object' ? config.values : undefined;
      if (!values?.length) {
        // drizzle's transaction: `begin`, then `commit` or `rollback` (savepoints keep it open).
        if (/^\s*begin\b/i.test(text)) inTransaction = true;
        else if (/^\s*(commit|rollback)\s*$/i.test(text)) inTransaction = false;
      } else if (inTransaction && typeof config === 'object' && config.name === undefined) {
        const name = nameOf(text);
        // A copy: drizzle keeps its query's config object and sends it again.
        if (name) args[0] = { ...config, name };
      }
      return send.apply(this, args);
    } as typeof client.query;
  });
}
