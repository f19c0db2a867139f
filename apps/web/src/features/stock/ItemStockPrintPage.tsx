import { type StockQuantityFilter, stockQuantityFilters } from '@mizan/contract';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatDate, formatDecimal } from '../../app/format.ts';
import { IonButton } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';
import { DataTable } from '../../ui/table/DataTable.tsx';
import { useSession } from '../auth/AuthProvider.tsx';
import { today } from '../invoices/invoiceForm.ts';
import '../print/print.css';
import { stockColumns } from './stockColumns.ts';
import { stockText } from './stockText.ts';
import { noStockFilters, type StockFilters, useAllStock, useStockTotals } from './useStock.ts';

/** The columns on paper: what a keeper checks a shelf with (the screen's column choice is the screen's). */
const printed = new Set([
  'item_name',
  'part_no',
  'brand',
  'model',
  'item_unit',
  'pay_price',
  'quantity',
  'stockValuePayPrice',
]);
const printColumns = stockColumns.filter((column) => printed.has(column.id));

const isQuantityFilter = (value: string | null): value is StockQuantityFilter =>
  (stockQuantityFilters as readonly string[]).includes(value ?? '');

/** The filters item-stock passed in the address (`item-stock-print?brand=...&quantity_filter=zero`). */
function filtersIn(params: URLSearchParams): StockFilters {
  const quantity = params.get('quantity_filter');
  return {
    ...noStockFilters,
    search: params.get('search') ?? '',
    category_id: params.get('category_id') ?? 'all',
    brand: params.get('brand') ?? '',
    model: params.get('model') ?? '',
    quantity_filter: isQuantityFilter(quantity) ? quantity : 'all',
    as_of: params.get('as_of') ?? '',
  };
}

/** item-stock-print (screens.md section 8): the stock list of the chosen filters on paper, with its totals. */
export default function ItemStockPrintPage({ title }: { title: string }) {
  const { storeId } = useSession();
  const [params] = useSearchParams();
  const filters = filtersIn(params);
  const rows = useAllStock(storeId, filters);
  const totals = useStockTotals(storeId, filters);
  const ready = rows.data && totals.data;
  useEffect(() => {
    if (ready && params.get('auto') === '1') setTimeout(() => window.print(), 300);
  }, [ready, params]);
  const used = [filters.search, filters.brand, filters.model]
    .filter(Boolean)
    .concat(filters.quantity_filter === 'all' ? [] : [stockText.quantityFilters[filters.quantity_filter]]);

  return (
    <Page title={title}>
      <div className="print-actions no-print">
        <IonButton onClick={() => window.print()} data-testid="print">
          {stockText.print}
        </IonButton>
      </div>
      <article className="invoice-print a4" data-testid="stock-print">
        <h2 className="print-title">{stockText.printTitle}</h2>
        <dl className="print-meta">
          <dt>{stockText.printedAt}</dt>
          <dd>
            <bdi className="num">{formatDate(today())}</bdi>
          </dd>
          {filters.as_of && (
            <>
              <dt>{stockText.asOfShort}</dt>
              <dd data-testid="stock-as-of">
                <bdi className="num">{formatDate(filters.as_of)}</bdi>
              </dd>
            </>
          )}
          {used.length > 0 && (
            <>
              <dt>{stockText.filtersUsed}</dt>
              <dd>{used.join(' — ')}</dd>
            </>
          )}
          <dt>{stockText.valueAtPrice}</dt>
          <dd>
            <bdi className="num">{formatDecimal(totals.data?.stockValuePayPrice)}</bdi>
          </dd>
          <dt>{stockText.valueAtCost}</dt>
          <dd>
            <bdi className="num">{formatDecimal(totals.data?.stockValuePerchPrice)}</bdi>
          </dd>
        </dl>
        <DataTable
          columns={printColumns}
          rows={rows.data ?? []}
          rowKey={(row) => row.id}
          testId="stock-print-lines"
          empty={stockText.empty}
          loading={rows.isLoading}
          variant="print"
        />
      </article>
    </Page>
  );
}
