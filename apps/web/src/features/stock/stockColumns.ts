import type { StockRow } from '@mizan/contract';
import { formatDate, formatDecimal, formatQuantity } from '../../app/format.ts';
import type { Column } from '../../ui/table/DataTable.tsx';
import { stockText } from './stockText.ts';

const text = stockText.columns;

/**
 * Every column of item-stock (screens.md section 4), each sorted by the server under the same key. The stock comes
 * right after what names the item, so that it shows without scrolling sideways.
 */
export const stockColumns: Column<StockRow>[] = [
  { id: 'item_name', serverSort: 'item_name', header: text.item_name, cell: (r) => r.item_name },
  { id: 'item_desc', serverSort: 'item_desc', header: text.item_desc, cell: (r) => r.item_desc ?? '' },
  { id: 'aliasEn', serverSort: 'aliasEn', header: text.aliasEn, cell: (r) => r.aliasEn ?? '' },
  { id: 'model', serverSort: 'model', header: text.model, cell: (r) => r.model ?? '' },
  { id: 'part_no', serverSort: 'part_no', header: text.part_no, cell: (r) => r.part_no ?? '' },
  { id: 'brand', serverSort: 'brand', header: text.brand, cell: (r) => r.brand ?? '' },
  {
    id: 'quantity',
    serverSort: 'quantity',
    header: text.quantity,
    amount: true,
    testId: 'stock-quantity',
    cell: (r) => formatQuantity(r.quantity),
  },
  { id: 'category_name', serverSort: 'category_name', header: text.category_name, cell: (r) => r.category_name ?? '' },
  { id: 'min_qty', serverSort: 'min_qty', header: text.min_qty, amount: true, cell: (r) => formatQuantity(r.min_qty) },
  { id: 'item_unit', serverSort: 'item_unit', header: text.item_unit, cell: (r) => r.item_unit ?? '' },
  {
    id: 'perch_price',
    serverSort: 'perch_price',
    header: text.perch_price,
    amount: true,
    cell: (r) => formatDecimal(r.perch_price),
  },
  {
    id: 'pay_price',
    serverSort: 'pay_price',
    header: text.pay_price,
    amount: true,
    cell: (r) => formatDecimal(r.pay_price),
  },
  {
    id: 'profit',
    serverSort: 'profit',
    header: text.profit,
    amount: true,
    cell: (r) => `${formatDecimal(r.profit)} %`,
  },
  {
    id: 'stockValuePayPrice',
    serverSort: 'stockValuePayPrice',
    header: text.stockValuePayPrice,
    amount: true,
    cell: (r) => formatDecimal(r.stockValuePayPrice),
  },
  {
    id: 'stockValuePerchPrice',
    serverSort: 'stockValuePerchPrice',
    header: text.stockValuePerchPrice,
    amount: true,
    cell: (r) => formatDecimal(r.stockValuePerchPrice),
  },
  {
    id: 'avg_cost',
    serverSort: 'avg_cost',
    header: text.avg_cost,
    amount: true,
    cell: (r) => formatDecimal(r.avg_cost),
  },
  {
    id: 'lastSoldDate',
    serverSort: 'lastSoldDate',
    header: text.lastSoldDate,
    amount: true,
    cell: (r) => formatDate(r.lastSoldDate),
  },
  {
    id: 'firstQuantity',
    serverSort: 'firstQuantity',
    header: text.firstQuantity,
    amount: true,
    cell: (r) => formatQuantity(r.firstQuantity),
  },
];

/** Column choice kept on this device (the legacy key of item-stock's own choice, apart from the item list's). */
export const stockColumnChoice = {
  storageKey: 'colSetting:item-stock',
  defaultHidden: ['item_desc', 'aliasEn', 'category_name', 'item_unit', 'avg_cost'],
};
