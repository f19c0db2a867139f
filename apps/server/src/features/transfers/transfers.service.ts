/**
 * Stock transfers between stores (docs/transfers.md): send (create, edit while nothing is received, delete), receive
 * all or part of each line into the receiving store, send back into the sender what never arrived, and take a receipt
 * back. Each in one transaction that a refusal rolls back whole; what it posts goes through `repost` (the one writer,
 * in date order, stock checked on every date), and a receipt's value follows what left the sender
 * (transferCosts.ts).
 */
import {
  type CreateTransferBody,
  type FieldErrors,
  fail,
  formatBookReference,
  fromMilli,
  ok,
  parseMoney,
  type ReceiveTransferBody,
  type Result,
  type SessionUser,
  type TransferWithLines,
  toMilli,
  type UpdateTransferBody,
  ZERO,
} from '@mizan/contract';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { stockTransfer, stockTransferLine, transferReceipt, transferReceiptLine } from '../../db/schema.ts';
import { asStoredTime, nowTime, today } from '../../lib/clock.ts';
import { arrayOf } from '../../lib/sqlArray.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { documentRefusal } from '../book/documentPermissions.ts';
import { writeLog } from '../logHistory/logHistory.queries.ts';
import type { Posting } from '../posting/posting.rules.ts';
import type { PostingSource } from '../posting/posting.ts';
import { movedItems, repost } from '../posting/repost.ts';
import { yearContaining } from '../reports/reports.queries.ts';
import { lockStockItems, stockRefusal } from '../stock/stockCheck.ts';
import { nextSequence, storeOf } from '../trade/trade.queries.ts';
import { receiptShares } from './transferCosts.ts';
import { readTransfer } from './transfers.queries.ts';

const TRANSFER = 'transfer';
const RECEIPT = 'transfer_receipt';

type LineInput = { item_id: number; quantity: string };
type TransferRow = {
  pay_id: number;
  pay_ref: string;
  from_store_id: number;
  to_store_id: number;
  yearId: number;
  user_id: number | null;
  transfer_date: string;
  transfer_time: string;
  received: boolean;
};

const readsCost = (user: SessionUser) => user.permissions.includes('readCost');

/** The answer of every change: the transfer as the session's store reads it. */
async function answer(tx: Tx, user: SessionUser, transferId: number): Promise<Result<TransferWithLines>> {
  const transfer = await readTransfer(tx, user.store_id, transferId, readsCost(user));
  return transfer ? ok(transfer) : fail('NOT_FOUND');
}

/** The transfer, locked for the change: the one order of every change of it (then its items, in id order). */
async function lockTransfer(tx: Tx, transferId: number): Promise<TransferRow | undefined> {
  const { rows } = await tx.execute<TransferRow>(sql`
    select pay_id, pay_ref, from_store_id, to_store_id, "yearId", user_id, transfer_date::text as transfer_date,
      transfer_time::text as transfer_time,
      exists (select 1 from transfer_receipt r where r.transfer_id = t.pay_id) as received
    from stock_transfer t where pay_id = ${transferId} for update`);
  return rows[0];
}

async function yearOf(tx: Tx, day: string, field: string): Promise<Result<number>> {
  const year = await yearContaining(tx, day);
  return year ? ok(year.id) : fail('DATE_OUTSIDE_YEAR', { [field]: 'DATE_OUTSIDE_YEAR' });
}

/**
 * The lines' items as the sending store's rows, each with the receiving store's row of the same catalogue item
 * (made there if that store has none: one catalogue, docs/catalogue.md). Unknown items and an item on two lines are
 * refused on their lines.
 */
async function linesOf(tx: Tx, fromStore: number, toStore: number, lines: LineInput[]) {
  const ids = [...new Set(lines.map((line) => line.item_id))];
  // The receiving store stocks every catalogue item; a store emptied by its administrator gets the row back.
  await tx.execute(sql`
    insert into items (store_id, catalogue_id, item_name, item_desc, "aliasEn", part_no, item_parcode, brand, model,
      item_unit, min_qty, pay_price, perch_price, tax, category_id, "imageUrl")
    select ${toStore}, i.catalogue_id, i.item_name, i.item_desc, i."aliasEn", i.part_no, i.item_parcode, i.brand,
      i.model, i.item_unit, 0, i.pay_price, i.perch_price, i.tax, catalogue_category(${toStore}, i.category_id),
      i."imageUrl"
    from items i
    where i.store_id = ${fromStore} and i.id = any(${arrayOf(ids)}::int[])
      and not exists (select 1 from items o where o.catalogue_id = i.catalogue_id and o.store_id = ${toStore})`);
  const { rows } = await tx.execute<{ id: number; item_name: string; to_item_id: number }>(sql`
    select i.id, i.item_name, o.id as to_item_id
    from items i join items o on o.catalogue_id = i.catalogue_id and o.store_id = ${toStore}
    where i.store_id = ${fromStore} and i.id = any(${arrayOf(ids)}::int[])`);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const fields: FieldErrors = {};
  const seen = new Set<number>();
  lines.forEach((line, index) => {
    if (!byId.has(line.item_id)) fields[`items.${index}.item_id`] = 'ITEM_NOT_FOUND';
    else if (seen.has(line.item_id)) fields[`items.${index}.item_id`] = 'ITEM_REPEATED';
    seen.add(line.item_id);
  });
  if (Object.keys(fields).length)
    return fail<never>(Object.values(fields).includes('ITEM_NOT_FOUND') ? 'ITEM_NOT_FOUND' : 'ITEM_REPEATED', fields);
  return ok(lines.map((line) => ({ ...line, ...(byId.get(line.item_id) as (typeof rows)[number]) })));
}

/** What a transfer posts in its sending store: each line out at the moving average (into transit, its cost part). */
const sendingPosting = (lines: LineInput[]): Posting => ({
  movements: lines.map((line, line_index) => ({
    item_id: line.item_id,
    quantity: fromMilli(-toMilli(line.quantity)),
    mode: 'average',
    line_index,
  })),
  moneyLines: [],
});

const transferSource = (row: Omit<TransferRow, 'received' | 'user_id'>): PostingSource => ({
  store_id: row.from_store_id,
  yearId: row.yearId,
  source_kind: TRANSFER,
  source_id: row.pay_id,
  date: row.transfer_date,
  time: row.transfer_time,
  reference: row.pay_ref,
});

/** Sends goods from the session's store (or, `payId`, replaces a transfer nothing of which was received yet). */
export function saveTransfer(
  db: Db,
  user: SessionUser,
  body: CreateTransferBody | UpdateTransferBody,
): Promise<Result<TransferWithLines>> {
  const header = body.transfer;
  const payId = 'pay_id' in header ? header.pay_id : undefined;
  return inTransaction(db, async (tx): Promise<Result<TransferWithLines>> => {
    const existing = payId === undefined ? undefined : await lockTransfer(tx, payId);
    if (payId !== undefined && (!existing || existing.from_store_id !== user.store_id)) return fail('NOT_FOUND');
    // What was received stays received: an edit would change what left under it.
    if (existing?.received) return fail('TRANSFER_RECEIVED');
    if (header.to_store_id === user.store_id) return fail('VALIDATION_FAILED', { to_store_id: 'TRANSFER_SAME_STORE' });
    const { rows: stores } = await tx.execute<{ id: number }>(
      sql`select id from store where id = ${header.to_store_id}`,
    );
    if (stores.length === 0) return fail('VALIDATION_FAILED', { to_store_id: 'STORE_NOT_FOUND' });
    const byRole = documentRefusal(user, {
      subject: 'transfer',
      posts: true,
      today: today(),
      before: existing && { user_id: existing.user_id, date: existing.transfer_date },
      date: header.transfer_date,
      dateField: 'transfer.transfer_date',
    });
    if (byRole) return byRole;
    const yearId = await yearOf(tx, header.transfer_date, 'transfer.transfer_date');
    if (!yearId.ok) return yearId;
    const lines = await linesOf(tx, user.store_id, header.to_store_id, body.items);
    if (!lines.ok) return lines;
    const before = existing ? await movedItems(tx, TRANSFER, existing.pay_id) : [];
    await lockStockItems(tx, user.store_id, [...before, ...lines.value.map((line) => line.item_id)]);
    const time = header.transfer_time ? asStoredTime(header.transfer_time) : (existing?.transfer_time ?? nowTime());
    const values = {
      from_store_id: user.store_id,
      to_store_id: header.to_store_id,
      yearId: yearId.value,
      transfer_date: header.transfer_date,
      transfer_time: time,
      note: header.note ?? null,
    };
    let row: Omit<TransferRow, 'received' | 'user_id'>;
    if (existing) {
      await tx.update(stockTransfer).set(values).where(sql`${stockTransfer.pay_id} = ${existing.pay_id}`);
      await tx.delete(stockTransferLine).where(sql`${stockTransferLine.transfer_id} = ${existing.pay_id}`);
      row = { ...values, pay_id: existing.pay_id, pay_ref: existing.pay_ref };
    } else {
      const { store_ref } = await storeOf(tx, user.store_id);
      const pay_ref = formatBookReference(store_ref, 'stockTransfer', await nextSequence(tx, user.store_id, TRANSFER));
      const [inserted] = await tx
        .insert(stockTransfer)
        .values({ ...values, pay_ref, user_id: user.id })
        .returning({ pay_id: stockTransfer.pay_id });
      if (!inserted) throw new Error('transfer insert returned nothing');
      row = { ...values, pay_id: inserted.pay_id, pay_ref };
    }
    await tx.insert(stockTransferLine).values(
      lines.value.map((line, line_no) => ({
        transfer_id: row.pay_id,
        line_no,
        from_item_id: line.item_id,
        to_item_id: line.to_item_id,
        item_name: line.item_name,
        quantity: line.quantity,
      })),
    );
    const short = await repost(tx, [
      { source: transferSource(row), posting: sendingPosting(lines.value), fresh: !existing },
    ]);
    if (short.length) return stockRefusal(short);
    await writeLog(tx, {
      store_id: user.store_id,
      user_id: user.id,
      yearId: row.yearId,
      typee: existing ? 'update transfer' : 'insert transfer',
      logToken: {
        pay_id: row.pay_id,
        pay_ref: row.pay_ref,
        to_store_id: row.to_store_id,
        transfer_date: row.transfer_date,
        lines: lines.value.map((line) => ({
          item_id: line.item_id,
          item_name: line.item_name,
          quantity: line.quantity,
        })),
      },
    });
    return answer(tx, user, row.pay_id);
  });
}

/** Deletes a transfer of the session's store nothing of which was received (its goods go back on its date). */
export function deleteTransfer(db: Db, user: SessionUser, payId: number): Promise<Result<TransferWithLines>> {
  return inTransaction(db, async (tx): Promise<Result<TransferWithLines>> => {
    const existing = await lockTransfer(tx, payId);
    if (!existing || existing.from_store_id !== user.store_id) return fail('NOT_FOUND');
    if (existing.received) return fail('TRANSFER_RECEIVED');
    const byRole = documentRefusal(user, {
      subject: 'transfer',
      posts: true,
      today: today(),
      before: { user_id: existing.user_id, date: existing.transfer_date },
    });
    if (byRole) return byRole;
    const before = await answer(tx, user, payId);
    await lockStockItems(tx, user.store_id, await movedItems(tx, TRANSFER, payId));
    const short = await repost(tx, [{ source: transferSource(existing), posting: undefined }]);
    if (short.length) return stockRefusal(short);
    await tx.delete(stockTransfer).where(sql`${stockTransfer.pay_id} = ${payId}`);
    await writeLog(tx, {
      store_id: user.store_id,
      user_id: user.id,
      yearId: existing.yearId,
      typee: 'delete transfer',
      logToken: { pay_id: payId, pay_ref: existing.pay_ref, transfer_date: existing.transfer_date },
    });
    return before;
  });
}

/**
 * Receives a transfer into the session's store (its receiving store), or sends back into the session's store (its
 * sender) what is still in transit: each line all or part of what is left of it, none more; no lines: all of it.
 */
export function receiveTransfer(
  db: Db,
  user: SessionUser,
  body: ReceiveTransferBody,
): Promise<Result<TransferWithLines>> {
  return inTransaction(db, async (tx): Promise<Result<TransferWithLines>> => {
    const transfer = await lockTransfer(tx, body.transfer_id);
    const sendBack = body.send_back === true;
    const intoStore = transfer && (sendBack ? transfer.from_store_id : transfer.to_store_id);
    if (!transfer || intoStore !== user.store_id) return fail('NOT_FOUND');
    const date = body.receipt_date ?? today();
    if (date < transfer.transfer_date) return fail('VALIDATION_FAILED', { receipt_date: 'RECEIPT_BEFORE_TRANSFER' });
    const byRole = documentRefusal(user, {
      subject: 'transfer',
      posts: true,
      today: today(),
      date,
      dateField: 'receipt_date',
    });
    if (byRole) return byRole;
    const yearId = await yearOf(tx, date, 'receipt_date');
    if (!yearId.ok) return yearId;
    const { rows: open } = await tx.execute<{ id: number; item_id: number; left: string }>(sql`
      select id, ${sendBack ? sql`from_item_id` : sql`to_item_id`} as item_id,
        (quantity - received - sent_back)::text as left
      from stock_transfer_line where transfer_id = ${transfer.pay_id} order by line_no`);
    const byItem = new Map(open.map((line) => [line.item_id, line]));
    const fields: FieldErrors = {};
    const taken = (
      body.lines ?? open.filter((line) => toMilli(line.left) > 0n).map((line) => ({ ...line, quantity: line.left }))
    ).flatMap((line, index) => {
      const of = byItem.get(line.item_id);
      if (!of) fields[`lines.${index}.item_id`] = 'ITEM_NOT_ON_TRANSFER';
      else if (toMilli(line.quantity) > toMilli(of.left)) fields[`lines.${index}.quantity`] = 'MORE_THAN_IN_TRANSIT';
      else return [{ transfer_line_id: of.id, item_id: line.item_id, quantity: line.quantity }];
      return [];
    });
    if (Object.keys(fields).length) {
      const code = Object.values(fields).includes('ITEM_NOT_ON_TRANSFER')
        ? 'ITEM_NOT_ON_TRANSFER'
        : 'MORE_THAN_IN_TRANSIT';
      return fail(code, fields);
    }
    const lineIds = taken.map((line) => line.transfer_line_id);
    if (taken.length === 0 || new Set(lineIds).size !== lineIds.length)
      return fail('VALIDATION_FAILED', { lines: taken.length === 0 ? 'NOTHING_IN_TRANSIT' : 'ITEM_REPEATED' });
    await lockStockItems(
      tx,
      user.store_id,
      taken.map((line) => line.item_id),
    );
    const time = body.receipt_time ? asStoredTime(body.receipt_time) : nowTime();
    const { store_ref } = await storeOf(tx, user.store_id);
    const pay_ref = formatBookReference(store_ref, 'transferReceipt', await nextSequence(tx, user.store_id, RECEIPT));
    const [receipt] = await tx
      .insert(transferReceipt)
      .values({
        pay_ref,
        transfer_id: transfer.pay_id,
        store_id: user.store_id,
        sent_back: sendBack,
        yearId: yearId.value,
        user_id: user.id,
        receipt_date: date,
        receipt_time: time,
        note: body.note ?? null,
      })
      .returning({ pay_id: transferReceipt.pay_id });
    if (!receipt) throw new Error('receipt insert returned nothing');
    await tx
      .insert(transferReceiptLine)
      .values(taken.map((line, line_no) => ({ receipt_id: receipt.pay_id, line_no, ...line })));
    await keepLineSums(tx, transfer.pay_id);
    // Its share of what left the sender, the receipts before it in date order taken first.
    const { rows: shares } = await tx.execute<{ line_no: number; share: string }>(sql`
      select line_no, share::text from (${receiptShares([transfer.pay_id])}) s where s.receipt_id = ${receipt.pay_id}`);
    const shareOf = new Map(shares.map((row) => [row.line_no, row.share]));
    const posting: Posting = {
      movements: taken.map((line, line_index) => ({
        item_id: line.item_id,
        quantity: line.quantity,
        mode: 'transferred',
        in_value: parseMoney(shareOf.get(line_index) ?? '0') ?? ZERO,
        line_index,
      })),
      moneyLines: [],
    };
    const source: PostingSource = {
      store_id: user.store_id,
      yearId: yearId.value,
      source_kind: RECEIPT,
      source_id: receipt.pay_id,
      date,
      time,
      reference: pay_ref,
    };
    const short = await repost(tx, [{ source, posting, fresh: true }], { followTransfers: [transfer.pay_id] });
    if (short.length) return stockRefusal(short);
    await writeLog(tx, {
      store_id: user.store_id,
      user_id: user.id,
      yearId: yearId.value,
      typee: 'receive transfer',
      logToken: { pay_id: receipt.pay_id, pay_ref, transfer_ref: transfer.pay_ref, sent_back: sendBack, lines: taken },
    });
    return answer(tx, user, transfer.pay_id);
  });
}

/** Takes a receipt of the session's store back: its goods are in transit again from its date. */
export function deleteReceipt(db: Db, user: SessionUser, receiptId: number): Promise<Result<TransferWithLines>> {
  return inTransaction(db, async (tx): Promise<Result<TransferWithLines>> => {
    const { rows } = await tx.execute<{
      transfer_id: number;
      store_id: number;
      yearId: number;
      user_id: number | null;
      pay_ref: string;
      receipt_date: string;
      receipt_time: string;
    }>(sql`
      select transfer_id, store_id, "yearId", user_id, pay_ref, receipt_date::text as receipt_date,
        receipt_time::text as receipt_time
      from transfer_receipt where pay_id = ${receiptId}`);
    const receipt = rows[0];
    if (!receipt || receipt.store_id !== user.store_id) return fail('NOT_FOUND');
    await lockTransfer(tx, receipt.transfer_id);
    const byRole = documentRefusal(user, {
      subject: 'transfer',
      posts: true,
      today: today(),
      before: { user_id: receipt.user_id, date: receipt.receipt_date },
    });
    if (byRole) return byRole;
    await lockStockItems(tx, user.store_id, await movedItems(tx, RECEIPT, receiptId));
    await tx.delete(transferReceipt).where(sql`${transferReceipt.pay_id} = ${receiptId}`);
    await keepLineSums(tx, receipt.transfer_id);
    const source: PostingSource = {
      store_id: user.store_id,
      yearId: receipt.yearId,
      source_kind: RECEIPT,
      source_id: receiptId,
      date: receipt.receipt_date,
      time: receipt.receipt_time,
      reference: receipt.pay_ref,
    };
    const short = await repost(tx, [{ source, posting: undefined }], { followTransfers: [receipt.transfer_id] });
    if (short.length) return stockRefusal(short);
    await writeLog(tx, {
      store_id: user.store_id,
      user_id: user.id,
      yearId: receipt.yearId,
      typee: 'delete transfer receipt',
      logToken: { pay_id: receiptId, pay_ref: receipt.pay_ref, receipt_date: receipt.receipt_date },
    });
    return answer(tx, user, receipt.transfer_id);
  });
}

/** The transfer's lines' received and sent-back sums, from its receipts' lines. */
async function keepLineSums(tx: Tx, transferId: number) {
  await tx.execute(sql`
    update stock_transfer_line l set
      received = coalesce((select sum(rl.quantity) from transfer_receipt_line rl
        join transfer_receipt r on r.pay_id = rl.receipt_id where rl.transfer_line_id = l.id and not r.sent_back), 0),
      sent_back = coalesce((select sum(rl.quantity) from transfer_receipt_line rl
        join transfer_receipt r on r.pay_id = rl.receipt_id where rl.transfer_line_id = l.id and r.sent_back), 0)
    where l.transfer_id = ${transferId}`);
}
