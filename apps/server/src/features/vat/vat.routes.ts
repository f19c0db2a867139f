/** The VAT report (docs/vat.md): the period's output, input and net VAT with the documents behind them, and .xlsx. */
import { endpoints, pageSizeOf, type VatDocumentRow } from '@mizan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { schemaOf, urlOf } from '../../lib/endpoint.ts';
import { sessionUser } from '../../lib/sessionUser.ts';
import { pagesOf, sendSheet } from '../../lib/sheetExport.ts';
import { requestPeriod } from '../reports/period.ts';
import { vatReport } from './vat.queries.ts';

const tags = ['reports'];
const api = endpoints.vat;
const kindWords: Record<string, string> = {
  pay: 'فاتورة مبيعات',
  sales_returns: 'مرتجع مبيعات',
  perch: 'فاتورة مشتريات',
  purchase_returns: 'مرتجع مشتريات',
};

export const vatRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    urlOf(api.report),
    {
      config: { permission: 'readReports' },
      schema: {
        tags,
        summary: "A period's VAT: output, input and net from the VAT accounts, and the documents behind them",
        ...schemaOf(api.report),
      },
    },
    async (req, reply) => {
      const asked = await requestPeriod(app.db, req, reply);
      if (!asked) return reply;
      const { period } = asked;
      return vatReport(app.db, sessionUser(req).store_id, period, {
        page: req.query.page,
        pageSize: pageSizeOf(req.query),
      });
    },
  );

  app.get(
    urlOf(api.export),
    {
      config: { permission: 'readReports' },
      schema: { tags, summary: 'The VAT report as .xlsx', ...schemaOf(api.export) },
    },
    async (req, reply) => {
      const asked = await requestPeriod(app.db, req, reply);
      if (!asked) return reply;
      const { period } = asked;
      const storeId = sessionUser(req).store_id;
      const { sums } = await vatReport(app.db, storeId, period, { page: 1, pageSize: 1 });
      return sendSheet(reply, {
        filename: 'vat.xlsx',
        sheetName: 'ضريبة القيمة المضافة',
        title: [
          `ضريبة القيمة المضافة ${period.start} - ${period.end}`,
          `المخرجات ${sums.output_vat} - المدخلات ${sums.input_vat} = الصافي ${sums.net_vat}`,
        ],
        columns: [
          { header: 'التاريخ', cell: (r: VatDocumentRow) => r.pay_date },
          { header: 'المستند', cell: (r) => kindWords[r.kind] ?? r.kind, width: 16 },
          { header: 'المرجع', cell: (r) => r.pay_ref, width: 16 },
          { header: 'الطرف', cell: (r) => r.party, width: 24 },
          { header: 'قبل الضريبة', cell: (r) => r.taxable, kind: 'money' },
          { header: 'الضريبة', cell: (r) => r.vat, kind: 'money' },
          { header: 'الإجمالي', cell: (r) => r.total_with_vat, kind: 'money' },
        ],
        pages: pagesOf(async (page, pageSize) => (await vatReport(app.db, storeId, period, { page, pageSize })).data),
      });
    },
  );
};
