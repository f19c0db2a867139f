/** The vouchers' calls (docs/vouchers.md): our own, under `vouchers/`. */
import { z } from 'zod';
import { dataOf } from './envelope.ts';
import {
  OpenInvoice,
  OpenInvoicesQuery,
  UpdateVoucherBody,
  VoucherIdBody,
  VoucherIdQuery,
  VoucherInput,
  VoucherListQuery,
  VoucherPage,
  VoucherWithDetails,
} from './vouchers.ts';

const Saved = dataOf(VoucherWithDetails);

export const vouchersEndpoints = {
  vouchers: {
    create: { method: 'POST', path: 'vouchers/create', body: VoucherInput, response: Saved },
    update: { method: 'POST', path: 'vouchers/update', body: UpdateVoucherBody, response: Saved },
    delete: {
      method: 'POST',
      path: 'vouchers/delete',
      body: VoucherIdBody,
      response: dataOf(z.object({ j_id: z.number().int() })),
    },
    read_single: { method: 'GET', path: 'vouchers/read_single', query: VoucherIdQuery, response: Saved },
    list: { method: 'GET', path: 'vouchers/list', query: VoucherListQuery, response: VoucherPage },
    /** The record with the same filters, every page, as a right-to-left .xlsx (streamed). */
    export: { method: 'GET', path: 'vouchers/export', query: VoucherListQuery.omit({ page: true, pageSize: true }) },
    openInvoices: {
      method: 'GET',
      path: 'vouchers/openInvoices',
      query: OpenInvoicesQuery,
      response: dataOf(OpenInvoice),
    },
  },
} as const;
