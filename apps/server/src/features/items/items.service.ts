import {
  fail,
  type Item,
  type ItemValues,
  MAX_AMOUNT_TEXT,
  ok,
  type PriceChangeBody,
  type Result,
  refuse,
  type SessionUser,
  type UpdateItemBody,
} from '@mizan/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { items } from '../../db/schema.ts';
import { violatedUniqueIndex } from '../../lib/dbErrors.ts';
import { fieldsOfRecord } from '../../lib/fieldPaths.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { saveThrough } from '../book/savePipeline.ts';
import { writeLog } from '../logHistory/logHistory.queries.ts';
import { removeOpeningQuantities } from '../openingStock/openingStock.posting.ts';
import { openingQuantitySave } from '../openingStock/openingStock.save.ts';
import { categoryBelongsToStore, findItem, hasDocumentMovements } from './items.queries.ts';

type PriceChange = Omit<PriceChangeBody, 'store_id'>;

/** The item columns a user edits, as stored. */
function itemRow(values: Omit<ItemValues, 'firstQuantity' | 'yearId' | 'store_id'>) {
  const { item_name, item_desc, aliasEn, part_no, item_parcode, brand, model, item_unit } = values;
  const { min_qty, perch_price, pay_price, tax, category_id, imageUrl } = values;
  return {
    ...{ item_name, item_desc, aliasEn, part_no, item_parcode, brand, model, item_unit },
    ...{ min_qty, perch_price, pay_price, tax, category_id, imageUrl },
  };
}

/** A unique index violation turned into the refusal a user understands; other errors propagate. */
async function refusingDuplicates<T>(work: () => Promise<Result<T>>, prefix = () => ''): Promise<Result<T>> {
  try {
    return await work();
  } catch (error) {
    const index = violatedUniqueIndex(error);
    const fieldPrefix = prefix();
    if (index === 'items_store_part_no_uq')
      return fail('ITEM_CODE_TAKEN', { [`${fieldPrefix}part_no`]: 'ITEM_CODE_TAKEN' });
    if (index === 'items_store_parcode_uq') {
      return fail('ITEM_BARCODE_TAKEN', { [`${fieldPrefix}item_parcode`]: 'ITEM_BARCODE_TAKEN' });
    }
    throw error;
  }
}

async function checkCategory(tx: Tx, storeId: number, categoryId: number | null): Promise<Result<true>> {
  if (categoryId === null || (await categoryBelongsToStore(tx, storeId, categoryId))) return ok(true);
  return fail('VALIDATION_FAILED', { category_id: 'CATEGORY_NOT_FOUND' });
}

async function loadItem(tx: Tx, storeId: number, id: number): Promise<Result<Item>> {
  const [item] = await findItem(tx, storeId, id);
  return item ? ok(item) : fail('NOT_FOUND');
}

async function insertItem(tx: Tx, user: SessionUser, input: ItemValues): Promise<Result<number>> {
  const category = await checkCategory(tx, user.store_id, input.category_id);
  if (!category.ok) return category;
  const [created] = await tx
    .insert(items)
    .values({ ...itemRow(input), store_id: user.store_id })
    .returning({ id: items.id });
  if (!created) throw new Error('item insert returned nothing');
  const log = { store_id: user.store_id, user_id: user.id };
  await writeLog(tx, { ...log, typee: 'insert item', logToken: { id: created.id, item_name: input.item_name } });

  if (input.firstQuantity !== undefined) {
    // The new item's opening quantity is saved as every opening quantity is (the openings family's save).
    const { pay_price, perch_price, firstQuantity: quantity } = input;
    const opening = await saveThrough(tx, user, openingQuantitySave, {
      item_id: created.id,
      quantity,
      pay_price,
      perch_price,
      fq_year: input.yearId,
    });
    if (!opening.ok) return opening;
  }
  return ok(created.id);
}

/** Creates items, with their opening quantities, in one transaction: all of them are saved, or none. */
export function createItems(db: Db, user: SessionUser, inputs: ItemValues[]): Promise<Result<Item[]>> {
  const many = inputs.length > 1;
  let current = 0;
  return refusingDuplicates(
    () =>
      inTransaction(db, async (tx) => {
        const saved: Item[] = [];
        for (const [index, input] of inputs.entries()) {
          current = index;
          const created = await insertItem(tx, user, input);
          if (!created.ok) return many ? fail(created.code, fieldsOfRecord(created.fields, index)) : created;
          const item = await loadItem(tx, user.store_id, created.value);
          if (!item.ok) return item;
          saved.push(item.value);
        }
        return ok(saved);
      }),
    () => (many ? `${current}.` : ''),
  );
}

export function updateItem(db: Db, user: SessionUser, input: UpdateItemBody): Promise<Result<Item>> {
  return refusingDuplicates(() =>
    inTransaction(db, async (tx) => {
      const category = await checkCategory(tx, user.store_id, input.category_id);
      if (!category.ok) return category;
      const [updated] = await tx
        .update(items)
        .set(itemRow(input))
        .where(and(eq(items.store_id, user.store_id), eq(items.id, input.id)))
        .returning({ id: items.id });
      if (!updated) return fail('NOT_FOUND');
      await writeLog(tx, {
        store_id: user.store_id,
        user_id: user.id,
        typee: 'update item',
        logToken: { id: input.id, item_name: input.item_name },
      });
      return loadItem(tx, user.store_id, input.id);
    }),
  );
}

/** Sets an item's selling price (and its purchase price when given), e.g. from a price typed on an invoice. */
export function updateItemPrices(
  db: Db,
  user: SessionUser,
  input: { id: number; pay_price: string; perch_price?: string | undefined },
): Promise<Result<Item>> {
  return inTransaction(db, async (tx) => {
    const prices = { pay_price: input.pay_price, ...(input.perch_price ? { perch_price: input.perch_price } : {}) };
    const [updated] = await tx
      .update(items)
      .set(prices)
      .where(and(eq(items.store_id, user.store_id), eq(items.id, input.id)))
      .returning({ id: items.id });
    if (!updated) return fail('NOT_FOUND');
    await writeLog(tx, {
      store_id: user.store_id,
      user_id: user.id,
      typee: 'update item price',
      logToken: { id: input.id, ...prices },
    });
    return loadItem(tx, user.store_id, input.id);
  });
}

/**
 * An item that any document of the store moved is kept: deleting it would rewrite that document's history. Deleted,
 * it goes from every store where it was never used.
 */
export function deleteItem(db: Db, user: SessionUser, id: number): Promise<Result<{ id: number }>> {
  return inTransaction(db, async (tx) => {
    const item = await loadItem(tx, user.store_id, id);
    if (!item.ok) return item;
    if (await hasDocumentMovements(tx, user.store_id, id)) return fail('ITEM_IN_USE');
    // Its opening quantities go with it, and so do the stock movements they posted.
    await removeOpeningQuantities(tx, { storeId: user.store_id, itemIds: [id] });
    // One catalogue (docs/catalogue.md): the item leaves every store where nothing ever moved or named it; a store
    // that holds an opening quantity or a document of it keeps its row (a store's stock is that store's users' own).
    await tx.execute(sql`
      delete from items i
      where i.catalogue_id = ${item.value.catalogue_id}
        and (i.id = ${id} or (not exists (select 1 from stock_movement m where m.item_id = i.id)
          and not exists (select 1 from trade_line l where l.item_id = i.id)
          and not exists (select 1 from stock_count_line c where c.item_id = i.id)
          and not exists (select 1 from firstq f where f.item_id = i.id)))`);
    await writeLog(tx, {
      store_id: user.store_id,
      user_id: user.id,
      typee: 'delete item',
      logToken: { id, item_name: item.value.item_name },
    });
    return ok({ id });
  });
}

/** The new price of a bulk change, in SQL numeric (exact), rounded to the cent. */
function changedPrice(
  column: SQL | typeof items.pay_price,
  value: string,
  mode: 'amount' | 'percent',
  sign: 1 | -1,
): SQL {
  const signed = sign === 1 ? value : `-${value}`;
  return mode === 'amount'
    ? sql`round(${column} + ${signed}::numeric, 2)`
    : sql`round(${column} * (1 + ${signed}::numeric / 100), 2)`;
}

function priceChangeSelection(storeId: number, change: PriceChange, sign: 1 | -1) {
  return {
    newPay: changedPrice(items.pay_price, change.payval, change.mode, sign),
    newPerch: changedPrice(items.perch_price, change.perchval, change.mode, sign),
    where: and(eq(items.store_id, storeId), change.category_id ? eq(items.category_id, change.category_id) : undefined),
  };
}

/** What a bulk change would do: the affected items (first `limit`) with old and new prices, and their count. */
export async function previewPriceChange(db: Db, storeId: number, change: PriceChange, sign: 1 | -1, limit = 50) {
  const { newPay, newPerch, where } = priceChangeSelection(storeId, change, sign);
  const [rows, [summary]] = await Promise.all([
    db
      .select({
        item_id: items.id,
        item_name: items.item_name,
        pay_price: items.pay_price,
        new_pay_price: sql<string>`${newPay}::text`,
        perch_price: items.perch_price,
        new_perch_price: sql<string>`${newPerch}::text`,
      })
      .from(items)
      .where(where)
      .orderBy(items.item_name)
      .limit(limit),
    db
      .select({
        count: sql<number>`count(*)::int`,
        not_positive: sql<number>`count(*) filter (where ${newPay} <= 0 or ${newPerch} <= 0)::int`,
      })
      .from(items)
      .where(where),
  ]);
  return { rows, count: summary?.count ?? 0, notPositive: summary?.not_positive ?? 0 };
}

/**
 * Applies a bulk change to every selected item at once; refused whole if any price would drop to 0 or below.
 * It reprices the whole store (or a category) in one go: administrators only.
 */
export function applyPriceChange(
  db: Db,
  user: SessionUser,
  change: PriceChange,
  sign: 1 | -1,
): Promise<Result<{ updated: number }>> {
  // The route checks it too; a caller of the service is held to the same permission.
  if (!user.permissions.includes('prices')) return Promise.resolve(refuse('prices'));
  return inTransaction(db, async (tx) => {
    const { newPay, newPerch, where } = priceChangeSelection(user.store_id, change, sign);
    const [check] = await tx
      .select({ n: sql<number>`count(*) filter (where ${newPay} <= 0 or ${newPerch} <= 0)::int` })
      .from(items)
      .where(where);
    if ((check?.n ?? 0) > 0) return fail('PRICE_NOT_POSITIVE');
    // Every price stays within the contract's bound, so that an invoice of the item can still be saved.
    const [tooLarge] = await tx
      .select({
        n: sql<number>`count(*) filter (where ${newPay} > ${MAX_AMOUNT_TEXT}::numeric or ${newPerch} > ${MAX_AMOUNT_TEXT}::numeric)::int`,
      })
      .from(items)
      .where(where);
    if ((tooLarge?.n ?? 0) > 0) {
      return fail('AMOUNT_TOO_LARGE', {
        [change.payval !== '0.00' ? 'payval' : 'perchval']: 'AMOUNT_TOO_LARGE',
      });
    }
    const updated = await tx
      .update(items)
      .set({ pay_price: newPay, perch_price: newPerch })
      .where(where)
      .returning({ id: items.id });
    await writeLog(tx, {
      store_id: user.store_id,
      user_id: user.id,
      typee: sign === 1 ? 'increase prices' : 'decrease prices',
      logToken: { ...change, count: updated.length },
    });
    return ok({ updated: updated.length });
  });
}

/** Removes every item of the store: an administrator's reset, refused once any document has moved stock. */
export function truncateItems(db: Db, user: SessionUser): Promise<Result<{ deleted: number }>> {
  if (!user.is_admin) return Promise.resolve(fail('ADMIN_ONLY'));
  return inTransaction(db, async (tx) => {
    if (await hasDocumentMovements(tx, user.store_id)) return fail('ITEMS_HAVE_MOVEMENTS');
    // No document moved them (checked above): only opening quantities posted, and they go with the items.
    await removeOpeningQuantities(tx, { storeId: user.store_id });
    const deleted = await tx.delete(items).where(eq(items.store_id, user.store_id)).returning({ id: items.id });
    await writeLog(tx, {
      store_id: user.store_id,
      user_id: user.id,
      typee: 'truncate items',
      logToken: { count: deleted.length },
    });
    return ok({ deleted: deleted.length });
  });
}
