/**
 * The calls of both kinds of return under their wire token (`sales_returns/...`, `purchase_returns/...`): saves of
 * `{ invoice, items }`, delete, one date's returns, one return by reference, what was returned from an invoice.
 */
import { z } from 'zod';
import type { ReturnKindToken } from './documentKinds.ts';
import { dataOf } from './envelope.ts';
import {
  CreateReturnBody,
  DeleteReturnBody,
  ExistingReturns,
  ReturnedByInvoice,
  ReturnQuery,
  ReturnWithLines,
  UpdateReturnBody,
} from './returns.ts';
import { Id, MAX_ID } from './scope.ts';
import { Text } from './text.ts';
import { readDocumentById } from './trade.endpoints.ts';

const SavedReturn = dataOf(ReturnWithLines);
const ReturnList = dataOf(ReturnWithLines.omit({ items: true }));
/** The latest returns of the year (each kind's legacy read has its own name). */
const latestReturns = <K extends ReturnKindToken, R extends string>(kind: K, read: R) =>
  ({ method: 'GET', path: `${kind}/${read}`, query: ReturnQuery, response: ReturnList }) as const;

const returnCalls = <K extends ReturnKindToken>(kind: K) =>
  ({
    createWithItems: {
      method: 'POST',
      path: `${kind}/createWithItems`,
      body: CreateReturnBody,
      response: SavedReturn,
    },
    updateWithItems: {
      method: 'POST',
      path: `${kind}/updateWithItems`,
      body: UpdateReturnBody,
      response: SavedReturn,
    },
    deleteWithItems: {
      method: 'POST',
      path: `${kind}/deleteWithItems`,
      body: DeleteReturnBody,
      response: dataOf(z.object({ return_id: z.number().int() })),
    },
    getReturnsByDate: {
      method: 'GET',
      path: `${kind}/getReturnsByDate`,
      query: ReturnQuery.required({ from: true }),
      response: ReturnList,
    },
    getReturnDetail: {
      method: 'GET',
      path: `${kind}/getReturnDetail`,
      query: ReturnQuery.required({ return_ref: true }),
      response: SavedReturn,
    },
    checkExistingReturns: {
      method: 'GET',
      path: `${kind}/checkExistingReturns`,
      query: ReturnQuery.required({ original_pay_ref: true }),
      response: ExistingReturns,
    },
    /** The return in the shape of an invoice, with its lines (`pay_id` is the return's id). */
    readById: readDocumentById(kind),
    /** For invoices of a record (`pay_ids`, comma-separated): what their lines had and what came back. */
    returnedByInvoice: {
      method: 'GET',
      path: `${kind}/returnedByInvoice`,
      query: z.object({
        pay_ids: Text()
          .max(2000)
          .regex(/^\d+(,\d+)*$/)
          // Each one an id the database can hold (a larger one was refused there, naming no field).
          .refine((ids) => ids.split(',').every((id) => Number(id) <= MAX_ID), 'TOO_BIG'),
        store_id: Id.optional(),
      }),
      response: dataOf(ReturnedByInvoice),
    },
  }) as const;

export const returnsEndpoints = {
  sales_returns: { ...returnCalls('sales_returns'), getTopReturns: latestReturns('sales_returns', 'getTopReturns') },
  purchase_returns: {
    ...returnCalls('purchase_returns'),
    getTopPurchaseReturns: latestReturns('purchase_returns', 'getTopPurchaseReturns'),
  },
} as const;
