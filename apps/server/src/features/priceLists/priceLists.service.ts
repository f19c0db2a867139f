/**
 * Price lists' use cases (docs/price-lists.md), one transaction each. A store's own list is changed by a role with
 * `prices` there (the route's permission); the company's lists price every store, so changing one also needs an
 * administrator of every store, as the company's other shared data does (`ALL_STORES_ADMIN_ONLY`).
 */
import {
  type CustomerPrice,
  type CustomerPricesQuery,
  fail,
  ok,
  type PriceList,
  type Result,
  type SessionUser,
  type SetPricesBody,
} from '@mizan/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { violatedUniqueIndex } from '../../lib/dbErrors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { writeLog } from '../logHistory/logHistory.queries.ts';
import { isAdminOfEveryStore } from '../users/userReach.ts';
import {
  catalogueIdsOf,
  countListCustomers,
  customerList,
  deletePriceList,
  insertPriceList,
  listPriceLists,
  lockPriceList,
  pricesForList,
  removePrices,
  renamePriceList,
  upsertPrices,
} from './priceLists.queries.ts';

const nameTaken = () => fail('PRICE_LIST_NAME_TAKEN', { name: 'PRICE_LIST_NAME_TAKEN' });

/** A unique name taken between the check and the write (or by the write itself) answers as a name taken. */
async function refusingTakenName<T>(work: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await work();
  } catch (error) {
    if (violatedUniqueIndex(error) === 'price_list_name_uq') return nameTaken();
    throw error;
  }
}

/** The list as the store sees it after a change. */
async function answerList(tx: Tx, storeId: number, id: number): Promise<Result<PriceList>> {
  const [list] = await listPriceLists(tx, storeId, id);
  return list ? ok(list) : fail('PRICE_LIST_NOT_FOUND');
}

/** The list to change, if the user may change it: the store's own, or the company's by an administrator of all. */
async function listToChange(tx: Tx, user: SessionUser, id: number) {
  const list = await lockPriceList(tx, user.store_id, id);
  if (!list) return fail('PRICE_LIST_NOT_FOUND', { id: 'PRICE_LIST_NOT_FOUND' });
  if (list.store_id === null && !(await isAdminOfEveryStore(tx, user))) return fail('ALL_STORES_ADMIN_ONLY');
  return ok(list);
}

export function createPriceList(db: Db, user: SessionUser, input: { name: string; for_company: boolean }) {
  return refusingTakenName(() =>
    inTransaction(db, async (tx) => {
      if (input.for_company && !(await isAdminOfEveryStore(tx, user))) return fail('ALL_STORES_ADMIN_ONLY');
      const id = await insertPriceList(tx, input.for_company ? null : user.store_id, input.name);
      await writeLog(tx, {
        store_id: user.store_id,
        user_id: user.id,
        typee: 'insert price list',
        logToken: { id, name: input.name, for_company: input.for_company },
      });
      return answerList(tx, user.store_id, id);
    }),
  );
}

export function renameList(db: Db, user: SessionUser, input: { id: number; name: string }) {
  return refusingTakenName(() =>
    inTransaction(db, async (tx) => {
      const list = await listToChange(tx, user, input.id);
      if (!list.ok) return list;
      await renamePriceList(tx, input.id, input.name);
      await writeLog(tx, {
        store_id: user.store_id,
        user_id: user.id,
        typee: 'update price list',
        logToken: { id: input.id, name: input.name, was: list.value.name },
      });
      return answerList(tx, user.store_id, input.id);
    }),
  );
}

/** A list some customer carries is kept: deleting it would silently put him back on the shelf prices. */
export function removeList(db: Db, user: SessionUser, id: number): Promise<Result<{ id: number }>> {
  return inTransaction(db, async (tx) => {
    const list = await listToChange(tx, user, id);
    if (!list.ok) return list;
    if ((await countListCustomers(tx, id)) > 0) return fail('PRICE_LIST_IN_USE');
    await deletePriceList(tx, id);
    await writeLog(tx, {
      store_id: user.store_id,
      user_id: user.id,
      typee: 'delete price list',
      logToken: { id, name: list.value.name },
    });
    return ok({ id });
  });
}

/**
 * Sets (or, with null, removes) prices of the store's items on a list, all or none: an item of no row of the store,
 * or one named twice, refuses the call and names its line.
 */
export function setPrices(
  db: Db,
  user: SessionUser,
  input: z.output<typeof SetPricesBody>,
): Promise<Result<{ updated: number; removed: number }>> {
  return inTransaction(db, async (tx) => {
    const list = await listToChange(tx, user, input.price_list_id);
    if (!list.ok)
      return list.code === 'PRICE_LIST_NOT_FOUND' ? fail('PRICE_LIST_NOT_FOUND', { price_list_id: list.code }) : list;
    const catalogue = await catalogueIdsOf(
      tx,
      user.store_id,
      input.prices.map((line) => line.item_id),
    );
    const seen = new Set<number>();
    const set: { catalogueId: number; price: string }[] = [];
    const removed: number[] = [];
    for (const [index, line] of input.prices.entries()) {
      const catalogueId = catalogue.get(line.item_id);
      if (catalogueId === undefined) return fail('ITEM_NOT_FOUND', { [`prices.${index}.item_id`]: 'ITEM_NOT_FOUND' });
      if (seen.has(catalogueId)) return fail('ITEM_REPEATED', { [`prices.${index}.item_id`]: 'ITEM_REPEATED' });
      seen.add(catalogueId);
      if (line.price === null) removed.push(catalogueId);
      else set.push({ catalogueId, price: line.price });
    }
    const updated = await upsertPrices(
      tx,
      input.price_list_id,
      set.map((line) => line.catalogueId),
      set.map((line) => line.price),
    );
    const taken = await removePrices(tx, input.price_list_id, removed);
    await writeLog(tx, {
      store_id: user.store_id,
      user_id: user.id,
      typee: 'set list prices',
      logToken: { price_list_id: input.price_list_id, name: list.value.name, set: set.length, removed: taken },
    });
    return ok({ updated, removed: taken });
  });
}

/** The prices a customer of the store buys at (his list's, else the items' own); an unknown customer: not found. */
export async function customerPrices(
  db: Db,
  storeId: number,
  query: z.output<typeof CustomerPricesQuery>,
): Promise<Result<{ list: { id: number; name: string } | null; prices: CustomerPrice[] }>> {
  const customer = await customerList(db, storeId, query.customer_id);
  if (!customer) return fail('ACCOUNT_NOT_FOUND', { customer_id: 'ACCOUNT_NOT_FOUND' });
  const prices = await pricesForList(db, storeId, customer.list?.id ?? null, query.item_ids);
  return ok({ list: customer.list, prices });
}
