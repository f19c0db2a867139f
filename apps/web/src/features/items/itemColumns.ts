import type { Item } from '@mizan/contract';
import { formatDecimal, formatQuantity, profitPercent } from '../../app/format.ts';
import type { Column } from '../../ui/table/DataTable.tsx';
import { itemsText } from './itemsText.ts';

/** The columns of the item list; the stock issue adds its stock columns here for item-stock. */
export const itemColumns: Column<Item>[] = [
  { id: 'item_name', serverSort: 'item_name', header: itemsText.fields.item_name, cell: (i) => i.item_name },
  { id: 'item_desc', header: itemsText.fields.item_desc, cell: (i) => i.item_desc ?? '' },
  { id: 'aliasEn', header: itemsText.fields.aliasEn, cell: (i) => i.aliasEn ?? '' },
  { id: 'part_no', serverSort: 'part_no', header: itemsText.fields.part_no, cell: (i) => i.part_no ?? '' },
  {
    id: 'item_parcode',
    serverSort: 'item_parcode',
    header: itemsText.fields.item_parcode,
    cell: (i) => i.item_parcode ?? '',
  },
  { id: 'brand', serverSort: 'brand', header: itemsText.fields.brand, cell: (i) => i.brand ?? '' },
  { id: 'model', serverSort: 'model', header: itemsText.fields.model, cell: (i) => i.model ?? '' },
  {
    id: 'category_name',
    serverSort: 'category_name',
    header: itemsText.fields.category_id,
    cell: (i) => i.category_name ?? '',
  },
  { id: 'item_unit', header: itemsText.fields.item_unit, cell: (i) => i.item_unit ?? '' },
  {
    id: 'min_qty',
    serverSort: 'min_qty',
    header: itemsText.fields.min_qty,
    amount: true,
    cell: (i) => formatQuantity(i.min_qty),
  },
  {
    id: 'perch_price',
    serverSort: 'perch_price',
    header: itemsText.fields.perch_price,
    amount: true,
    cell: (i) => formatDecimal(i.perch_price),
  },
  {
    id: 'pay_price',
    serverSort: 'pay_price',
    header: itemsText.fields.pay_price,
    amount: true,
    cell: (i) => formatDecimal(i.pay_price),
  },
  {
    id: 'profit',
    header: itemsText.profit,
    amount: true,
    cell: (i) => `${profitPercent(i.perch_price, i.pay_price)} %`,
  },
  { id: 'tax', serverSort: 'tax', header: itemsText.fields.tax, amount: true, cell: (i) => formatDecimal(i.tax) },
];

/** Hidden until the user shows them; the choice is kept on the device under the legacy key `colSetting`. */
export const itemColumnChoice = {
  storageKey: 'colSetting',
  defaultHidden: ['item_desc', 'aliasEn', 'item_parcode', 'tax'],
  label: itemsText.columns,
};
