/**
 * A device's queued sales sent together (`pay/createDeviceSales`, docs/offline.md): each saved exactly as
 * `pay/createWithItems` saves one (the same `saveDocument`, its own transaction, its key answered once), in the
 * order sent, each with its own answer. A refused sale does not stop the ones after it; a sale the server could not
 * try (the database unavailable, a fault) does: the device sends it and the later ones again.
 */
import type { DeviceSale, DeviceSaleResult, Result, SessionUser, StockShortage } from '@mizan/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { isDatabaseUnavailable, isDataException } from '../../lib/dbErrors.ts';
import { httpStatus } from '../../lib/httpStatus.ts';
import { errorBody } from '../../lib/sendError.ts';
import type { AccountingYear } from '../organisation/currentYear.ts';
import { saveDocument } from './trade.service.ts';

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

export async function saveDeviceSales(
  db: Db,
  user: SessionUser,
  sales: DeviceSale[],
  yearOf: YearOfSale,
  log: FastifyBaseLogger,
): Promise<DeviceSaleResult[]> {
  const results: DeviceSaleResult[] = [];
  for (const sale of sales) {
    const key = sale.idempotency_key;
    try {
      const year = await yearOf(sale);
      const saved = year.ok
        ? await saveDocument(db, user, {
            kind: 'pay',
            header: { ...sale.invoice, yearId: year.value.id },
            lines: sale.items,
            idempotencyKey: key,
            device: sale.device,
          })
        : year;
      results.push(saved.ok ? { idempotency_key: key, status: 200, doc: saved.value } : refusal(key, saved));
    } catch (error) {
      // As the error handler answers the single call: a value the database refused is the sale's own refusal.
      if (isDataException(error)) {
        log.warn({ err: error }, 'the database refused a value the contract accepted');
        results.push(refusal(key, { ok: false, code: 'VALIDATION_FAILED' }));
        continue;
      }
      const unavailable = isDatabaseUnavailable(error);
      log.error({ err: error }, unavailable ? 'database unavailable' : 'unhandled error');
      results.push(refusal(key, { ok: false, code: unavailable ? 'DATABASE_UNAVAILABLE' : 'INTERNAL' }));
      return results;
    }
  }
  return results;
}
