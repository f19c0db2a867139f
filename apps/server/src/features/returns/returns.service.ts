/**
 * Sales and purchase returns: saved through the pipeline with the return family's module (returns.save.ts, which
 * writes them as trade documents of their own kinds), read, and deleted as trade documents are.
 */
import {
  type ExistingReturns,
  fail,
  ok,
  type Result,
  type ReturnKindToken,
  type ReturnWithLines,
  type SessionUser,
} from '@mizan/contract';
import type { DbOrTx } from '../../db/client.ts';
import { type SaveResult, saveThrough } from '../book/savePipeline.ts';
import { deleteDocument } from '../trade/trade.service.ts';
import { loadOriginal, type ReturnSave, returnSave } from './returns.save.ts';

/** `checkExistingReturns`: the original with, per item, the quantities already returned and still returnable. */
export async function existingReturns(
  db: DbOrTx,
  storeId: number,
  kind: ReturnKindToken,
  yearId: number,
  payRef: string,
): Promise<Result<ExistingReturns>> {
  const loaded = await loadOriginal(db, storeId, kind, yearId, payRef);
  if (!loaded) return fail('ORIGINAL_NOT_FOUND', { original_pay_ref: 'ORIGINAL_NOT_FOUND' });
  return ok({ data: loaded.returnable, original: loaded.original });
}

/** Saves a return (new, or replacing `returnId`) in one transaction, and answers it with its lines. */
export const saveReturn = (db: DbOrTx, user: SessionUser, input: ReturnSave): Promise<SaveResult<ReturnWithLines>> =>
  saveThrough(db, user, returnSave, input);

/** Deletes a return: its stock and postings are taken back (a sales return's goods must still be in stock). */
export const deleteReturn = (db: DbOrTx, user: SessionUser, kind: ReturnKindToken, returnId: number) =>
  deleteDocument(db, user, kind, returnId).then((result) =>
    result.ok ? ok({ return_id: result.value.pay_id }) : result,
  );
