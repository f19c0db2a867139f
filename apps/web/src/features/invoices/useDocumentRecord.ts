import type { DocumentPage, TradeDocument } from '@mizan/contract';
import type { Params } from '../../app/api.ts';
import { usePagedList } from '../../ui/usePagedList.ts';
import { type DocKind, salesKeys } from './useSales.ts';

export type RecordRead = 'getTopSales' | 'getSalesByDate' | 'getSales2Date';

/**
 * A record's documents, 50 a page, newest first; each page carries the count and column sums of the whole filter.
 * Apart from the invoice hooks: the counter's screen never pages a record, so its first load leaves this out.
 */
export const useDocumentRecord = (storeId: number, kind: DocKind, read: RecordRead, params: Params) =>
  usePagedList<TradeDocument, DocumentPage>(
    [...salesKeys.all(storeId), 'record', kind, read],
    `${kind}/${read}`,
    params,
    50,
  );
