import { routes } from '@mizan/contract';
import { type Filters, usePagedList } from '../../ui/usePagedList.ts';
import { type DocKind, salesKeys } from './useSales.ts';

export type RecordRead = 'getTopSales' | 'getSalesByDate' | 'getSales2Date';

/**
 * A record's documents, 50 a page, newest first; each page carries the count and column sums of the whole filter.
 * Apart from the invoice hooks: the counter's screen never pages a record, so its first load leaves this out.
 */
export const useDocumentRecord = (
  storeId: number,
  kind: DocKind,
  read: RecordRead,
  filters: Filters<typeof routes.pay.getTopSales>,
) => usePagedList([...salesKeys.all(storeId), 'record', kind, read], routes[kind][read], filters, 50);
