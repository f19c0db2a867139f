/**
 * What a transfer's receipts are worth (docs/transfers.md): each receipt line comes in at its share of what its
 * transfer line took out of the sending store, so that a line received whole (in one receipt or several, or partly
 * sent back) brings in exactly what left, to the cent. The shares are cumulative in receipt order: the value of the
 * first n units received is round(value × n / sent), and each receipt takes the difference, so the last receipt of a
 * line takes what is left.
 *
 * What left the sender is the cost engine's (its moving average on the transfer's date), and changes whenever a
 * document dated before it changes in the sending store. The cost engine then calls `followTransfers` with the
 * transfers it revalued (repost.ts); a receipt's save or delete calls it for its transfer (the other receipts'
 * shares move). It writes the receipts' new values and revalues the receiving stores' items from the earliest
 * receipt that changed, which may in turn revalue transfers sent on from there: followed until nothing changes.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { arrayOf } from '../../lib/sqlArray.ts';
import { clockTime, revalue } from '../posting/costing.ts';
import type { KeptSums } from '../posting/posting.ts';
import { lockStockItems } from '../stock/stockCheck.ts';

/** The share of every receipt line of these transfers, by receipt and line, from what their lines took out. */
export const receiptShares = (transferIds: number[]) => sql`
  with sent as (
    select l.id, l.quantity, coalesce(-sum(m.value), 0) as value
    from stock_transfer_line l
    left join stock_movement m on m.source_kind = 'transfer' and m.source_id = l.transfer_id and m.line_no = l.line_no
    where l.transfer_id = any(${arrayOf(transferIds)}::int[])
    group by l.id, l.quantity
  ),
  upto as (
    select rl.receipt_id, rl.line_no, rl.quantity as taken, s.quantity as sent, s.value,
      sum(rl.quantity) over (partition by rl.transfer_line_id
        order by r.receipt_date, r.receipt_time, r.pay_id, rl.line_no rows unbounded preceding) as received
    from transfer_receipt_line rl
    join transfer_receipt r on r.pay_id = rl.receipt_id
    join sent s on s.id = rl.transfer_line_id
  )
  select receipt_id, line_no,
    (round(value * received / sent, 2) - round(value * (received - taken) / sent, 2))::numeric(20, 2) as share
  from upto`;

/** How many rounds of transfers sent on from a receiving store are followed before giving up (a cycle: a defect). */
const MAX_ROUNDS = 50;

/**
 * Writes the receipts' values that changed and revalues what follows them in their stores (see the file's note).
 * The receiving stores' items are locked here, in id order, as every save locks its own.
 */
export async function followTransfers(tx: DbOrTx, transferIds: number[], sums: KeptSums): Promise<void> {
  let pending = [...new Set(transferIds)];
  for (let round = 0; pending.length > 0; round++) {
    if (round === MAX_ROUNDS) throw new Error(`transfers ${pending.join(', ')} keep revaluing each other`);
    const { rows } = await tx.execute<{
      id: number;
      store_id: number;
      item_id: number;
      move_date: string;
      move_time: string;
    }>(sql`
      update stock_movement m set in_value = s.share
      from (${receiptShares(pending)}) s
      where m.source_kind = 'transfer_receipt' and m.source_id = s.receipt_id and m.line_no = s.line_no
        and m.in_value is distinct from s.share
      returning m.id::int, m.store_id, m.item_id, m.move_date::text, m.move_time::text`);
    const byStore = new Map<number, typeof rows>();
    for (const row of rows) byStore.set(row.store_id, [...(byStore.get(row.store_id) ?? []), row]);
    const next: number[] = [];
    for (const [storeId, moved] of [...byStore].sort(([a], [b]) => a - b)) {
      const itemIds = moved.map((row) => row.item_id);
      await lockStockItems(tx, storeId, itemIds);
      const first = moved.reduce((a, b) =>
        b.move_date < a.move_date || (b.move_date === a.move_date && b.move_time < a.move_time) ? b : a,
      );
      const changed: { source_kind: string; source_id: number }[] = [];
      await revalue(tx, {
        storeId,
        itemIds,
        from: { date: first.move_date, time: clockTime(first.move_time) },
        touched: [],
        removed: [],
        // A value follows: no quantity moves, no stock goes below zero.
        checkStock: false,
        sums,
        changed,
      });
      next.push(...changed.filter((source) => source.source_kind === 'transfer').map((source) => source.source_id));
    }
    pending = [...new Set(next)];
  }
}
