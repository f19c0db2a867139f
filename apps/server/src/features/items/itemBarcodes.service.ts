/**
 * `items/assignBarcodes` (issue 34, part 3; docs/labels.md): items without a barcode are given the store's own
 * EAN-13s, after every code of the prefix that any item of any store holds (barcode or item code), so a number is
 * never given twice in the company: the catalogue is becoming one for all stores, and an item's barcode will be the
 * same in each. Which numbers is the contract's pure `nextStoreEan13s`; this loads, locks and saves.
 */
import { type AssignedBarcode, fail, nextStoreEan13s, ok, type Result, type SessionUser } from '@mizan/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { store } from '../../db/schema.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { writeLog } from '../logHistory/logHistory.queries.ts';

/**
 * Held by every assignment until its transaction ends: the next one reads the largest number only after the last
 * one's are committed, so two assignments at once (two stores, two screens) never give one number twice.
 */
const ASSIGN_BARCODES_LOCK = sql`hashtext('mizan store barcodes')`;

/** The store's items of these ids, locked, in id order (the order they are numbered in). */
async function lockItems(tx: Tx, storeId: number, ids: number[]) {
  const { rows } = await tx.execute<{ id: number; item_parcode: string | null }>(sql`
    select id, item_parcode from items
    where store_id = ${storeId} and id = any(${`{${ids.join(',')}}`}::int[])
    order by id
    for update`);
  return rows;
}

/**
 * The code of 13 digits under the prefix with the largest running number, among every item's barcode and code in
 * the company (its check digit right or not: `storeEanSerial`), or undefined when there is none yet.
 */
async function largestCodeOfPrefix(tx: Tx, prefix: string): Promise<string | undefined> {
  const { rows } = await tx.execute<{ code: string }>(sql`
    select code from (
      select item_parcode as code from items where item_parcode like ${`${prefix}%`}
      union all
      select part_no from items where part_no like ${`${prefix}%`}
    ) c
    where code ~ '^[0-9]{13}$'
    order by left(code, 12) desc
    limit 1`);
  return rows[0]?.code;
}

export function assignBarcodes(db: Db, user: SessionUser, itemIds: number[]): Promise<Result<AssignedBarcode[]>> {
  const ids = [...new Set(itemIds)];
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ASSIGN_BARCODES_LOCK})`);
    const found = await lockItems(tx, user.store_id, ids);
    // All or nothing: an id that is not an item of this store refuses the whole request.
    if (found.length !== ids.length) return fail('NOT_FOUND');
    const [settings] = await tx.select({ prefix: store.ean_prefix }).from(store).where(eq(store.id, user.store_id));
    if (!settings) return fail('NOT_FOUND');

    const without = found.filter((item) => !item.item_parcode);
    const largest = without.length > 0 ? await largestCodeOfPrefix(tx, settings.prefix) : undefined;
    const codes = nextStoreEan13s(settings.prefix, largest ? [largest] : [], without.length);
    if (!codes) return fail('BARCODE_NUMBERS_USED_UP');
    const given = new Map(without.map((item, i) => [item.id, codes[i] as string]));
    if (given.size > 0) {
      const updated = await tx.execute(sql`
        update items set item_parcode = g.code
        from unnest(${`{${[...given.keys()].join(',')}}`}::int[], ${`{${[...given.values()].join(',')}}`}::text[])
          as g(id, code)
        where items.id = g.id and coalesce(items.item_parcode, '') = ''`);
      // The rows are locked and were read without a barcode: anything else is a bug, not a refusal.
      if (updated.rowCount !== given.size) throw new Error('an item locked without a barcode had one');
      await writeLog(tx, {
        store_id: user.store_id,
        user_id: user.id,
        typee: 'assign barcodes',
        logToken: { items: Object.fromEntries(given) },
      });
    }
    return ok(
      found.map((item) => {
        const code = given.get(item.id);
        return { id: item.id, item_parcode: code ?? item.item_parcode ?? '', assigned: code !== undefined };
      }),
    );
  });
}
