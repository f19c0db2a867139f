/**
 * A device's queued sales sent together (`pay/createDeviceSales`, docs/offline.md): each saved exactly as
 * `pay/createWithItems` saves one (the same `saveDocument`, its own transaction, its key answered once), in the
 * order sent, each with its own answer. A refused sale does not stop the ones after it; a sale the server could not
 * try (the database unavailable, a fault) does: the device sends it and the later ones again.
 */
import {
  type DeviceSale,
  type DeviceSaleResult,
  ok,
  type Result,
  type SessionUser,
  type StockShortage,
} from '@mizan/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { isDatabaseUnavailable, isDataException, isDiskFull } from '../../lib/dbErrors.ts';
import { httpStatus } from '../../lib/httpStatus.ts';
import { errorBody } from '../../lib/sendError.ts';
import type { SaveResult } from '../book/savePipeline.ts';
import type { AccountingYear } from '../organisation/currentYear.ts';
import type { SavedDocument } from './trade.queries.ts';
import type { Booked, SaveInput } from './trade.save.ts';
import { bookDocument, saveDocument } from './trade.service.ts';

/** The year of a sale as the single call decides it (its invoice's `yearId`, else the base called). */
export type YearOfSale = (sale: DeviceSale) => Promise<Result<AccountingYear>>;

type Failure = Extract<Result<unknown>, { ok: false }> & { shortages?: StockShortage[] };

function refusal(key: string, failure: Failure): DeviceSaleResult {
  return {
    idempotency_key: key,
    status: httpStatus[failure.code],
    ...errorBody(failure.code, failure.fields, failure.missing),
    ...(failure.shortages ? { insufficient_items: failure.shortages } : {}),
  };
}

/**
 * A sale saved, answered whole (`doc`) or by its id and reference only: reading an invoice back after its commit
 * costs two statements, and a device needs only the id to take a sale off its queue.
 */
async function saveSale(
  db: Db,
  user: SessionUser,
  input: SaveInput,
  whole: boolean,
): Promise<SaveResult<Booked & { doc?: SavedDocument }>> {
  if (!whole) return bookDocument(db, user, input);
  const saved = await saveDocument(db, user, input);
  return saved.ok ? ok({ pay_id: saved.value.pay_id, pay_ref: saved.value.pay_ref, doc: saved.value }) : saved;
}

/** `invoicesFor`: the keys answered with their whole invoice; undefined, every one (the answer before it). */
export async function saveDeviceSales(
  db: Db,
  user: SessionUser,
  sales: DeviceSale[],
  yearOf: YearOfSale,
  log: FastifyBaseLogger,
  invoicesFor?: readonly string[],
): Promise<DeviceSaleResult[]> {
  const results: DeviceSaleResult[] = [];
  for (const sale of sales) {
    const key = sale.idempotency_key;
    try {
      const year = await yearOf(sale);
      const saved = year.ok
        ? await saveSale(
            db,
            user,
            {
              kind: 'pay',
              header: { ...sale.invoice, yearId: year.value.id },
              lines: sale.items,
              idempotencyKey: key,
              device: sale.device,
            },
            invoicesFor === undefined || invoicesFor.includes(key),
          )
        : year;
      results.push(saved.ok ? { idempotency_key: key, status: 200, ...saved.value } : refusal(key, saved));
    } catch (error) {
      // As the error handler answers the single call: a value the database refused is the sale's own refusal.
      if (isDataException(error)) {
        log.warn({ err: error }, 'the database refused a value the contract accepted');
        results.push(refusal(key, { ok: false, code: 'VALIDATION_FAILED' }));
        continue;
      }
      // A full disk refuses this sale and the ones after it alike (503: the device keeps them and sends them again).
      const code = isDiskFull(error) ? 'DISK_FULL' : isDatabaseUnavailable(error) ? 'DATABASE_UNAVAILABLE' : 'INTERNAL';
      log.error({ err: error }, code === 'INTERNAL' ? 'unhandled error' : code.toLowerCase().replace('_', ' '));
      results.push(refusal(key, { ok: false, code }));
      return results;
    }
  }
  return results;
}
