import {
  fail,
  type OpeningQuantityBody,
  type OpeningQuantityListQuery,
  ok,
  type Result,
  type SessionUser,
} from '@mizan/contract';
import { and, asc, count, eq, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { firstq, items, stockMovement } from '../../db/schema.ts';
import { listOrder } from '../../lib/listOrder.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { saveThrough } from '../book/savePipeline.ts';
import { itemSearchCondition } from '../items/itemSearch.ts';
import { writeLog } from '../logHistory/logHistory.queries.ts';
import { type AccountingYear, resolveYearId } from '../organisation/currentYear.ts';
import { findStockShortages, stockRefusal } from '../stock/stockCheck.ts';
import { openingReplacementChanges, removeOpeningQuantities } from './openingStock.posting.ts';
import { rowColumns } from './openingStock.queries.ts';
import { openingQuantitySave } from './openingStock.save.ts';

type ListPage = Pick<OpeningQuantityListQuery, 'page' | 'pageSize' | 'search' | 'sort' | 'order'>;

/**
 * The opening quantities of a year. In the store's first year, the ones typed (`firstq`); in a later year, what the
 * year before left (one book, docs/accounting-years.md): each item's stock and its value at cost from everything
 * dated before the year's first day, marked `carried` (id 0: there is no row to edit or delete).
 */
export async function listOpeningQuantities(
  db: DbOrTx,
  storeId: number,
  accountingYear: AccountingYear,
  page: ListPage,
) {
  const [earlier] = await db
    .select({ id: stockMovement.id })
    .from(stockMovement)
    .where(and(eq(stockMovement.store_id, storeId), lt(stockMovement.move_date, accountingYear.yearStart)))
    .limit(1);
  return earlier
    ? listCarriedQuantities(db, storeId, accountingYear, page)
    : listTypedQuantities(db, storeId, accountingYear.id, page);
}

/** The list searched as every item list is (name, English name, alias, code, barcode; letters folded). */
const searched = (search: string | undefined) => (search ? itemSearchCondition('items', search) : undefined);

async function listCarriedQuantities(db: DbOrTx, storeId: number, accountingYear: AccountingYear, page: ListPage) {
  const carried = db
    .select({
      item_id: stockMovement.item_id,
      quantity: sql<string>`sum(${stockMovement.quantity})`.as('quantity'),
      value: sql<string>`sum(${stockMovement.value})`.as('value'),
    })
    .from(stockMovement)
    .where(and(eq(stockMovement.store_id, storeId), lt(stockMovement.move_date, accountingYear.yearStart)))
    .groupBy(stockMovement.item_id)
    .having(sql`sum(${stockMovement.quantity}) <> 0`)
    .as('carried');
  const where = searched(page.search);
  const unitCost = sql<string>`case when ${carried.quantity} > 0
    then round(${carried.value} / ${carried.quantity}, 2) else ${items.perch_price} end`;
  const [rows, [total], [worth]] = await Promise.all([
    db
      .select({
        id: sql<number>`0`,
        item_id: carried.item_id,
        item_name: items.item_name,
        part_no: items.part_no,
        store_id: items.store_id,
        fq_year: sql<number>`${accountingYear.id}::int`,
        quantity: sql<string>`${carried.quantity}::text`,
        pay_price: items.pay_price,
        perch_price: sql<string>`${unitCost}::text`,
        carried: sql<boolean>`true`,
      })
      .from(carried)
      .innerJoin(items, eq(items.id, carried.item_id))
      .where(where)
      .orderBy(
        ...listOrder(
          {
            part_no: items.part_no,
            item_name: items.item_name,
            quantity: carried.quantity,
            perch_price: unitCost,
            pay_price: items.pay_price,
          },
          page,
          [asc(items.item_name), asc(items.id)],
        ),
      )
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ n: count() }).from(carried).innerJoin(items, eq(items.id, carried.item_id)).where(where),
    db.select({ value: sql<string>`coalesce(sum(${carried.value}), 0)::numeric(20, 2)::text` }).from(carried),
  ]);
  return { rows, total: total?.n ?? 0, total_value: worth?.value ?? '0.00' };
}

async function listTypedQuantities(db: DbOrTx, storeId: number, yearId: number, page: ListPage) {
  const where = and(eq(firstq.store_id, storeId), eq(firstq.fq_year, yearId), searched(page.search));
  const [rows, [total], [worth]] = await Promise.all([
    db
      .select(rowColumns)
      .from(firstq)
      .innerJoin(items, eq(items.id, firstq.item_id))
      .where(where)
      .orderBy(
        ...listOrder(
          {
            part_no: items.part_no,
            item_name: items.item_name,
            quantity: firstq.quantity,
            perch_price: firstq.perch_price,
            pay_price: firstq.pay_price,
          },
          page,
          [asc(items.item_name), asc(firstq.id)],
        ),
      )
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ n: count() }).from(firstq).innerJoin(items, eq(items.id, firstq.item_id)).where(where),
    // Each opening's value to the cent, as it posts to inventory; the whole year's, whatever the search.
    db
      .select({
        value: sql<string>`coalesce(sum(round(${firstq.quantity} * ${firstq.perch_price}, 2)), 0)::numeric(20, 2)::text`,
      })
      .from(firstq)
      .where(and(eq(firstq.store_id, storeId), eq(firstq.fq_year, yearId))),
  ]);
  return { rows, total: total?.n ?? 0, total_value: worth?.value ?? '0.00' };
}

/** Sets (or replaces) an item's opening quantity in a year, through the pipeline; prices default to the item's own. */
export const setOpeningQuantity = (db: Db, user: SessionUser, input: OpeningQuantityBody) =>
  saveThrough(db, user, openingQuantitySave, input);

/** Removes every opening quantity of the store in one year, and the stock they posted: administrators only. */
export function clearOpeningQuantities(
  db: Db,
  user: SessionUser,
  yearId: number | undefined,
): Promise<Result<{ deleted: number }>> {
  if (!user.is_admin) return Promise.resolve(fail('ADMIN_ONLY'));
  return inTransaction(db, async (tx) => {
    const fq_year = await resolveYearId(tx, yearId);
    if (fq_year === undefined) return fail('YEAR_NOT_FOUND');
    const changes = await openingReplacementChanges(tx, user.store_id, fq_year, [], 'whole year');
    const short = await findStockShortages(tx, user.store_id, changes);
    if (short.length) return stockRefusal(short);
    const deleted = await removeOpeningQuantities(tx, { storeId: user.store_id, yearId: fq_year });
    await writeLog(tx, {
      store_id: user.store_id,
      user_id: user.id,
      typee: 'delete firstq',
      yearId: fq_year,
      logToken: { deleted },
    });
    return ok({ deleted });
  });
}
