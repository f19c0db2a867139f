/** The VAT report's calls (docs/vat.md): the period's figures with their documents, and the same as .xlsx. */
import { VatReport, VatReportQuery } from './reports.ts';

export const vatEndpoints = {
  vat: {
    report: { method: 'GET', path: 'reports/vat', query: VatReportQuery, response: VatReport },
    export: {
      method: 'GET',
      path: 'reports/vatExport',
      query: VatReportQuery.omit({ page: true, pageSize: true, limit: true }),
    },
  },
} as const;
