/**
 * `vouchers/...` (docs/vouchers.md): a receipt, payment or expense voucher saved, edited and deleted in one
 * transaction each through the save pipeline, one voucher with its lines and allocations, the voucher record (paged,
 * with its sum) and an account's invoices still open to a voucher. Every call is scoped to the session's store.
 */
import { endpoints, type Result, type Voucher, type VoucherWithDetails, voucherKindLabelsAr } from '@mizan/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { schemaOf, urlOf } from '../../lib/endpoint.ts';
import { sendError } from '../../lib/sendError.ts';
import { sessionUser } from '../../lib/sessionUser.ts';
import { pagesOf, sendSheet } from '../../lib/sheetExport.ts';
import { readableAuthor, readRefusal } from '../book/documentPermissions.ts';
import { requestYear } from '../organisation/currentYear.ts';
import { openInvoices, pageVouchers, readVoucher } from './vouchers.queries.ts';
import { deleteVoucher, saveVoucher } from './vouchers.service.ts';

const tags = ['vouchers'];
const api = endpoints.vouchers;

const answer = (reply: FastifyReply, result: Result<VoucherWithDetails>) =>
  result.ok ? { data: [result.value] } : sendError(reply, result);

export const vouchersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    urlOf(api.create),
    {
      config: { permission: 'voucher.create' },
      schema: {
        tags,
        summary: 'Save a receipt, payment or expense voucher with the invoices it settles',
        ...schemaOf(api.create),
      },
    },
    async (req, reply) => {
      const year = await requestYear(app.db, req);
      if (!year.ok) return sendError(reply, year);
      return answer(reply, await saveVoucher(app.db, sessionUser(req), { ...req.body, yearId: year.value.id }));
    },
  );
  app.post(
    urlOf(api.update),
    {
      config: { permission: 'voucher.edit' },
      schema: { tags, summary: 'Replace a voucher and its allocations', ...schemaOf(api.update) },
    },
    async (req, reply) => {
      const year = await requestYear(app.db, req);
      if (!year.ok) return sendError(reply, year);
      const { j_id, ...input } = req.body;
      return answer(reply, await saveVoucher(app.db, sessionUser(req), { ...input, yearId: year.value.id }, j_id));
    },
  );
  app.post(
    urlOf(api.delete),
    {
      config: { permission: 'voucher.delete' },
      schema: { tags, summary: 'Delete a voucher, what it posted and its allocations', ...schemaOf(api.delete) },
    },
    async (req, reply) => {
      const result = await deleteVoucher(app.db, sessionUser(req), req.body.j_id);
      return result.ok ? { data: [result.value] } : sendError(reply, result);
    },
  );
  app.get(
    urlOf(api.read_single),
    {
      config: { permission: 'signedIn' },
      schema: { tags, summary: 'One voucher with its lines and allocations', ...schemaOf(api.read_single) },
    },
    async (req, reply) => {
      const user = sessionUser(req);
      const found = await readVoucher(app.db, user.store_id, req.query.j_id);
      if (!found) return sendError(reply, 'NOT_FOUND');
      const refused = readRefusal(user, found);
      return refused ? sendError(reply, refused) : { data: [found] };
    },
  );
  app.get(
    urlOf(api.list),
    {
      config: { permission: 'signedIn' },
      schema: {
        tags,
        summary: 'The voucher record of the year: latest, one date (from) or a range (from, to), paged',
        ...schemaOf(api.list),
      },
    },
    async (req, reply) => {
      const year = await requestYear(app.db, req);
      if (!year.ok) return sendError(reply, year);
      const { page, pageSize, from, to, voucher_kind, account_id } = req.query;
      const { rows, total, amount_total } = await pageVouchers(
        app.db,
        {
          storeId: sessionUser(req).store_id,
          yearId: year.value.id,
          from,
          to,
          voucher_kind,
          account_id,
          userId: readableAuthor(sessionUser(req)),
        },
        page,
        pageSize,
      );
      return { data: rows, total, page, pageSize, amount_total };
    },
  );
  app.get(
    urlOf(api.export),
    {
      config: { permission: 'readReports' },
      schema: { tags, summary: 'The voucher record (same filters, every page) as an .xlsx', ...schemaOf(api.export) },
    },
    async (req, reply) => {
      const year = await requestYear(app.db, req);
      if (!year.ok) return sendError(reply, year);
      const { from, to, voucher_kind, account_id } = req.query;
      const filter = {
        storeId: sessionUser(req).store_id,
        yearId: year.value.id,
        from,
        to,
        voucher_kind,
        account_id,
        userId: readableAuthor(sessionUser(req)),
      };
      // Money in comes from the account into the money account; money out the other way.
      const fromTo = (v: Voucher) =>
        v.voucher_kind === 'receipt' ? [v.account_name, v.money_account_name] : [v.money_account_name, v.account_name];
      return sendSheet(reply, {
        filename: 'vouchers.xlsx',
        sheetName: 'سجل السندات',
        columns: [
          { header: 'رقم السند', cell: (v: Voucher) => v.j_ref },
          { header: 'التاريخ', cell: (v: Voucher) => v.j_date },
          { header: 'نوع السند', cell: (v: Voucher) => voucherKindLabelsAr[v.voucher_kind] },
          { header: 'البيان', cell: (v: Voucher) => v.j_details, width: 30 },
          { header: 'المبلغ', cell: (v: Voucher) => v.j_pay, kind: 'money' as const },
          { header: 'المخصص للفواتير', cell: (v: Voucher) => v.allocated, kind: 'money' as const },
          { header: 'من', cell: (v: Voucher) => fromTo(v)[0], width: 24 },
          { header: 'إلى', cell: (v: Voucher) => fromTo(v)[1], width: 24 },
        ],
        pages: pagesOf(async (page, pageSize) => (await pageVouchers(app.db, filter, page, pageSize)).rows),
      });
    },
  );
  app.get(
    urlOf(api.openInvoices),
    {
      config: { permission: 'signedIn' },
      schema: {
        tags,
        summary: "An account's invoices still open to a voucher, oldest first, with their remainders",
        ...schemaOf(api.openInvoices),
      },
    },
    async (req, reply) => {
      const year = await requestYear(app.db, req);
      if (!year.ok) return sendError(reply, year);
      const data = await openInvoices(app.db, {
        storeId: sessionUser(req).store_id,
        accountId: req.query.account_id,
        kind: req.query.voucher_kind,
        yearId: year.value.id,
        exceptJId: req.query.j_id,
      });
      return { data };
    },
  );
};
