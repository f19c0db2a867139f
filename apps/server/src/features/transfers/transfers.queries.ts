/**
 * The reads of stock transfers (docs/transfers.md): one transfer with its lines and receipts, and the record of a
 * store's transfers (sent and received), paged on the server. A store reads the transfers it sent or receives; the
 * value at cost only for a role that reads costs.
 */
import type { Transfer, TransferListQuery, TransferWithLines } from '@mizan/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** A transfer's header with its totals, for the record and the one read (`t` the transfer). */
const headerColumns = (readCost: boolean) => sql`
  t.pay_id, t.pay_ref, t.from_store_id, f.store_name as from_store_name, t.to_store_id, o.store_name as to_store_name,
  t.transfer_date::text as transfer_date, to_char(t.transfer_time, 'HH24:MI:SS') as transfer_time, t.note,
  u.full_name as user_name,
  case when q.open > 0 then 'in_transit' else 'received' end as status,
  q.quantity::numeric(20, 3)::text as quantity, q.received::numeric(20, 3)::text as received,
  q.open::numeric(20, 3)::text as in_transit,
  ${readCost ? sql`v.value::numeric(20, 2)::text` : sql`null::text`} as value`;

const headerJoins = sql`
  join store f on f.id = t.from_store_id
  join store o on o.id = t.to_store_id
  left join users u on u.id = t.user_id
  cross join lateral (
    select sum(l.quantity) as quantity, sum(l.received) as received, sum(l.quantity - l.received - l.sent_back) as open
    from stock_transfer_line l where l.transfer_id = t.pay_id
  ) q
  cross join lateral (
    select coalesce(-sum(m.value), 0) as value from stock_movement m
    where m.source_kind = 'transfer' and m.source_id = t.pay_id
  ) v`;

/** The transfers a store sent or receives. */
const ofStore = (storeId: number) => sql`(t.from_store_id = ${storeId} or t.to_store_id = ${storeId})`;

export async function readTransfer(
  db: DbOrTx,
  storeId: number,
  transferId: number,
  readCost: boolean,
): Promise<TransferWithLines | undefined> {
  const { rows } = await db.execute<Transfer>(sql`
    select ${headerColumns(readCost)} from stock_transfer t ${headerJoins}
    where t.pay_id = ${transferId} and ${ofStore(storeId)}`);
  const header = rows[0];
  if (!header) return undefined;
  const { rows: lines } = await db.execute<TransferWithLines['lines'][number]>(sql`
    select l.id, l.line_no, i.catalogue_id, l.from_item_id, l.to_item_id, l.item_name, i.part_no, i.item_parcode,
      l.quantity::text, l.received::text, l.sent_back::text,
      (l.quantity - l.received - l.sent_back)::numeric(15, 3)::text as in_transit,
      ${readCost ? sql`coalesce(-m.value, 0)::numeric(20, 2)::text` : sql`null::text`} as value
    from stock_transfer_line l
    join items i on i.id = l.from_item_id
    left join stock_movement m on m.source_kind = 'transfer' and m.source_id = l.transfer_id and m.line_no = l.line_no
    where l.transfer_id = ${transferId}
    order by l.line_no`);
  const { rows: receipts } = await db.execute<TransferWithLines['receipts'][number]>(sql`
    select r.pay_id, r.pay_ref, r.store_id, r.sent_back, r.receipt_date::text as receipt_date,
      to_char(r.receipt_time, 'HH24:MI:SS') as receipt_time, r.note, u.full_name as user_name,
      coalesce((select json_agg(json_build_object('transfer_line_id', rl.transfer_line_id, 'item_id', rl.item_id,
          'quantity', rl.quantity::text) order by rl.line_no)
        from transfer_receipt_line rl where rl.receipt_id = r.pay_id), '[]'::json) as lines
    from transfer_receipt r left join users u on u.id = r.user_id
    where r.transfer_id = ${transferId}
    order by r.receipt_date, r.receipt_time, r.pay_id`);
  return { ...header, lines, receipts };
}

/** The record of the store's transfers, newest first, paged; sent or received; those still in transit. */
export async function listTransfers(db: DbOrTx, storeId: number, query: TransferListQuery, readCost: boolean) {
  const conditions: SQL[] = [
    query.direction === 'sent'
      ? sql`t.from_store_id = ${storeId}`
      : query.direction === 'received'
        ? sql`t.to_store_id = ${storeId}`
        : ofStore(storeId),
  ];
  if (query.from) conditions.push(sql`t.transfer_date >= ${query.from}::date`);
  if (query.to) conditions.push(sql`t.transfer_date <= ${query.to}::date`);
  if (query.in_transit)
    conditions.push(sql`exists (select 1 from stock_transfer_line l where l.transfer_id = t.pay_id
      and l.quantity > l.received + l.sent_back)`);
  const where = sql.join(conditions, sql` and `);
  const { rows } = await db.execute<Transfer>(sql`
    select ${headerColumns(readCost)} from stock_transfer t ${headerJoins}
    where ${where}
    order by t.transfer_date desc, t.transfer_time desc, t.pay_id desc
    limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`);
  const { rows: counted } = await db.execute<{ total: number }>(
    sql`select count(*)::int as total from stock_transfer t where ${where}`,
  );
  return { data: rows, total: counted[0]?.total ?? 0, page: query.page, pageSize: query.pageSize };
}
