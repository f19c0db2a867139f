/**
 * Which shift a new sale or sales return belongs to (docs/shifts.md), read in its save under the shift's key-share
 * lock (a close waits for it; a sale after the close sees the shift closed):
 *
 * - an offline sale names the shift it was made in (`shift_id`): it is that shift's whenever it arrives, even
 *   after the close (its cash was in the drawer that was counted, so the close's expected cash takes it in). One
 *   made after the close (by its own date and time: a manager closed the shift from elsewhere) is not: it goes to
 *   its till as a sale without a shift does;
 * - a sale at a till (`till`) joins the till's open shift; none open is refused where the store requires shifts;
 * - a sale without a till (a legacy client, the back office) belongs to no shift.
 *
 * An edit keeps the document's shift: it is never asked again.
 */
import { fail, type KindToken, ok, type Result } from '@mizan/contract';
import type { Tx } from '../../db/client.ts';
import { findShift, type ShiftRow } from './shifts.queries.ts';

/** The kinds made at a till: their cash goes through its drawer. */
const tillKinds: readonly KindToken[] = ['pay', 'sales_returns'];

export type SaleShift = { shift: ShiftRow; closed: boolean } | undefined;

export async function shiftOfSale(
  tx: Tx,
  storeId: number,
  sale: {
    kind: KindToken;
    till?: string | undefined;
    shift_id?: number | undefined;
    /** Made on a device (possibly offline): only such a sale may join a shift already closed. */
    fromDevice: boolean;
    /** When it was made, on the server's clock (its date and time of day, local). */
    madeAt: Date;
  },
  shiftsRequired: boolean,
): Promise<Result<SaleShift>> {
  if (!tillKinds.includes(sale.kind)) return ok(undefined);
  if (sale.shift_id !== undefined) {
    // A shift the device no longer knows right (another store's, another till's since it was renamed) is not
    // a reason to set a real sale aside: it goes to its till as one without a shift.
    const shift = await findShift(tx, storeId, { shift_id: sale.shift_id }, 'key share');
    if (shift && (sale.till === undefined || shift.till === sale.till)) {
      if (shift.closed_at === null) return ok({ shift, closed: false });
      if (!sale.fromDevice) return fail('SHIFT_CLOSED', { shift_id: 'SHIFT_CLOSED' });
      if (sale.madeAt <= new Date(shift.closed_at)) return ok({ shift, closed: true });
    }
  }
  const till = sale.till;
  if (till === undefined) return ok(undefined);
  const shift = await findShift(tx, storeId, { till }, 'key share');
  if (shift) return ok({ shift, closed: false });
  return shiftsRequired ? fail('SHIFT_NOT_OPEN', { till: 'SHIFT_NOT_OPEN' }) : ok(undefined);
}
