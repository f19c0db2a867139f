/**
 * Vouchers (docs/vouchers.md): saved through the save pipeline with the voucher module (voucher.save.ts), a retry
 * with the same key answered with the first voucher; deleted with the journal family's delete, which takes back
 * what it posted and its allocations (the invoices' remainders come back).
 */
import { createHash } from 'node:crypto';
import {
  fail,
  money,
  ok,
  parseMoney,
  type Result,
  type SessionUser,
  toMoneyString,
  type VoucherWithDetails,
} from '@mizan/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { journal } from '../../db/schema.ts';
import { violatedUniqueIndex } from '../../lib/dbErrors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { saveThrough } from '../book/savePipeline.ts';
import { removeJournal } from '../journal/journal.service.ts';
import { type VoucherSave, voucherSave } from './voucher.save.ts';
import { readVoucher } from './vouchers.queries.ts';

const canonical = (text: string) => toMoneyString(parseMoney(text) ?? money(0n));

/** A hash of a voucher's content: kind, date, accounts, amount and allocations (in any order). */
function contentHash(input: VoucherSave['input']) {
  const allocations = input.allocations.map((a) => `${a.pay_id}:${canonical(a.amount)}`).sort();
  return createHash('sha256')
    .update(
      JSON.stringify([
        input.voucher_kind,
        input.j_date,
        input.money_account_id,
        input.account_id,
        canonical(input.amount),
        input.allocate_oldest === true,
        allocations,
      ]),
    )
    .digest('hex');
}

async function earlierSave(db: DbOrTx, storeId: number, key: string, hash: string) {
  const [row] = await db
    .select({ j_id: journal.j_id, hash: journal.idempotency_hash })
    .from(journal)
    .where(and(eq(journal.store_id, storeId), eq(journal.idempotency_key, key)));
  if (!row) return undefined;
  if (row.hash !== hash)
    return fail<VoucherWithDetails>('IDEMPOTENCY_KEY_REUSED', { idempotency_key: 'IDEMPOTENCY_KEY_REUSED' });
  const saved = await readVoucher(db, storeId, row.j_id);
  return saved ? ok(saved) : fail<VoucherWithDetails>('NOT_FOUND');
}

export async function saveVoucher(
  db: DbOrTx,
  user: SessionUser,
  input: VoucherSave['input'],
  jId?: number,
): Promise<Result<VoucherWithDetails>> {
  const key = jId === undefined ? input.idempotency_key : undefined;
  const hash = key ? contentHash(input) : undefined;
  if (key && hash) {
    const earlier = await earlierSave(db, user.store_id, key, hash);
    if (earlier) return earlier;
  }
  try {
    return await saveThrough(db, user, voucherSave, {
      input,
      ...(jId === undefined ? {} : { jId }),
      idempotency: { key, hash },
    });
  } catch (error) {
    if (key && hash && violatedUniqueIndex(error) === 'journal_idem_uq') {
      const earlier = await earlierSave(db, user.store_id, key, hash);
      if (earlier) return earlier;
    }
    throw error;
  }
}

/** Deletes a voucher (only a voucher: a general journal entry is the journal screens'). */
export const deleteVoucher = (db: DbOrTx, user: SessionUser, jId: number) =>
  inTransaction(db, async (tx) => {
    if (!(await readVoucher(tx, user.store_id, jId))) return fail<{ j_id: number }>('NOT_FOUND');
    return removeJournal(tx, user, jId, 'voucher');
  });
