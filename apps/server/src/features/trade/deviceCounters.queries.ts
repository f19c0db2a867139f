/**
 * The proof that a device's sales reached the server once each (issue 21, docs/offline.md): a device numbers its
 * sales 1, 2, 3, ... as they are made, and the server holds each number with its sale. Read per device: how many,
 * the highest, and which numbers from 1 to it are missing or held twice. Computed from the documents themselves,
 * not from the unique index that should make a repeat impossible, so the proof does not assume what it proves.
 */
import type { DeviceCounters, SaleDevice } from '@mizan/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { tradeDocument } from '../../db/schema.ts';

/** At most this many missing or repeated numbers are listed per device (the counts say how many in all). */
const LISTED = 1000;

export async function deviceCounters(db: DbOrTx, storeId: number, deviceId?: string): Promise<DeviceCounters[]> {
  const device = deviceId === undefined ? sql`true` : sql`device_id = ${deviceId}`;
  const { rows } = await db.execute<{
    device_id: string;
    count: number;
    max: number;
    missing: number[] | null;
    repeated: number[] | null;
  }>(sql`
    with held as (
      select device_id, device_counter from trade_document
      where store_id = ${storeId} and device_id is not null and ${device}
    ), devices as (
      select device_id, count(*)::int as count, max(device_counter)::int as max from held group by device_id
    )
    select d.device_id, d.count, d.max,
      array(
        select n::int from generate_series(1, d.max) as n
        where not exists (select 1 from held h where h.device_id = d.device_id and h.device_counter = n)
        order by n limit ${LISTED}
      ) as missing,
      array(
        select h.device_counter from held h where h.device_id = d.device_id
        group by h.device_counter having count(*) > 1 order by h.device_counter limit ${LISTED}
      ) as repeated
    from devices d
    order by d.device_id`);
  const found = rows.map((row) => {
    const missing = (row.missing ?? []).map(Number);
    const repeated = (row.repeated ?? []).map(Number);
    const count = Number(row.count);
    const max = Number(row.max);
    return {
      device_id: row.device_id,
      count,
      max,
      missing,
      repeated,
      complete: count === max && missing.length === 0 && repeated.length === 0,
    };
  });
  if (deviceId !== undefined && found.length === 0)
    return [{ device_id: deviceId, count: 0, max: 0, missing: [], repeated: [], complete: true }];
  return found;
}

/** Whether the store holds a sale under this device's number (a new one under it would be a repeat). */
export async function isDeviceCounterHeld(db: DbOrTx, storeId: number, device: SaleDevice): Promise<boolean> {
  const [held] = await db
    .select({ id: tradeDocument.pay_id })
    .from(tradeDocument)
    .where(
      and(
        eq(tradeDocument.store_id, storeId),
        eq(tradeDocument.device_id, device.id),
        eq(tradeDocument.device_counter, device.counter),
      ),
    )
    .limit(1);
  return held !== undefined;
}
