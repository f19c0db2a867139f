/**
 * Idempotency keys: a client makes one key per save, so a retry (a lost answer, a double tap) answers the first
 * document instead of saving a second one. The key is kept with a hash of what was saved; the same key with other
 * content (a client that reused a key for another invoice) or for another kind of document is refused, never
 * answered with a document the client did not send.
 */
import { createHash } from 'node:crypto';
import {
  fail,
  fromMilli,
  type KindToken,
  ok,
  parseMoney,
  type Result,
  type SaleDevice,
  type TradeHeaderInput,
  type TradeLineInput,
  toMilli,
  toMoneyString,
} from '@mizan/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { tradeDocument } from '../../db/schema.ts';

const amount = (value: string | undefined) => {
  const parsed = value === undefined ? undefined : parseMoney(value);
  return parsed === undefined ? null : toMoneyString(parsed);
};

/**
 * A hash of a save's content: its kind, party, date, lines and amounts (and its device's number), each written one way ("1" and "1.000",
 * "0" and "0.00" are the same), lines in any order. Time, comments and the payment method are left out: a retry
 * may carry a later time.
 */
export function contentHash(
  kind: KindToken,
  header: TradeHeaderInput,
  lines: TradeLineInput[] | undefined,
  device?: SaleDevice,
) {
  const canonical = JSON.stringify({
    // Only when sent, so the hashes of saves made before devices were numbered stay what they were.
    ...(device && { device: [device.id, device.counter] }),
    kind,
    cust_id: header.cust_id,
    pay_date: header.pay_date,
    value_only: lines === undefined,
    tot_pr: lines === undefined ? amount(header.tot_pr) : null,
    // A value-only invoice's typed VAT rate, only when sent (the hashes of saves without one stay what they were).
    ...(lines === undefined && header.vat_rate !== undefined && { vat_rate: amount(header.vat_rate) }),
    discount: amount(header.discount),
    pay: amount(header.pay),
    lines: (lines ?? [])
      .map((line) =>
        JSON.stringify([
          line.item_id,
          fromMilli(toMilli(line.quantity)),
          amount(line.pay_price),
          amount(line.perch_price),
        ]),
      )
      .sort(),
  });
  return createHash('sha256').update(canonical).digest('hex');
}

/** The document an earlier save with this key made, if any, as `sameSave` answers it. */
export async function earlierSaveWithKey(db: DbOrTx, storeId: number, key: string, kind: KindToken, hash: string) {
  const [row] = await db
    .select({
      pay_id: tradeDocument.pay_id,
      pay_ref: tradeDocument.pay_ref,
      kind: tradeDocument.kind,
      hash: tradeDocument.idempotency_hash,
    })
    .from(tradeDocument)
    .where(and(eq(tradeDocument.store_id, storeId), eq(tradeDocument.idempotency_key, key)));
  return row ? sameSave(row, kind, hash) : undefined;
}

/**
 * What a save answers when its key was used before (`earlier`, the document that save made): that document when it
 * is the same save; IDEMPOTENCY_KEY_REUSED when the key came with another kind or other content. A document saved
 * before hashes were kept (no hash) is taken as the same save.
 */
export function sameSave(
  earlier: { pay_id: number; pay_ref: string; kind: string; hash: string | null },
  kind: KindToken,
  hash: string,
): Result<{ pay_id: number; pay_ref: string }> {
  if (earlier.kind !== kind || (earlier.hash !== null && earlier.hash !== hash))
    return fail('IDEMPOTENCY_KEY_REUSED', { idempotency_key: 'IDEMPOTENCY_KEY_REUSED' });
  return ok({ pay_id: earlier.pay_id, pay_ref: earlier.pay_ref });
}
