import type { Item } from '@mizan/contract';
import { formatDecimal, formatQuantity, profitPercent } from '../../app/format.ts';
import { itemsText } from './itemsText.ts';

/** The columns of the item list; the stock issue adds its stock columns here for item-stock. */
export type ItemColumn = { key: string; label: string; amount?: boolean; value: (item: Item) => string };

export const itemColumns: ItemColumn[] = [
  { key: 'item_name', label: itemsText.fields.item_name, value: (i) => i.item_name },
  { key: 'item_desc', label: itemsText.fields.item_desc, value: (i) => i.item_desc ?? '' },
  { key: 'aliasEn', label: itemsText.fields.aliasEn, value: (i) => i.aliasEn ?? '' },
  { key: 'part_no', label: itemsText.fields.part_no, value: (i) => i.part_no ?? '' },
  { key: 'item_parcode', label: itemsText.fields.item_parcode, value: (i) => i.item_parcode ?? '' },
  { key: 'brand', label: itemsText.fields.brand, value: (i) => i.brand ?? '' },
  { key: 'model', label: itemsText.fields.model, value: (i) => i.model ?? '' },
  { key: 'category_name', label: itemsText.fields.category_id, value: (i) => i.category_name ?? '' },
  { key: 'item_unit', label: itemsText.fields.item_unit, value: (i) => i.item_unit ?? '' },
  { key: 'min_qty', label: itemsText.fields.min_qty, amount: true, value: (i) => formatQuantity(i.min_qty) },
  { key: 'perch_price', label: itemsText.fields.perch_price, amount: true, value: (i) => formatDecimal(i.perch_price) },
  { key: 'pay_price', label: itemsText.fields.pay_price, amount: true, value: (i) => formatDecimal(i.pay_price) },
  {
    key: 'profit',
    label: itemsText.profit,
    amount: true,
    value: (i) => `${profitPercent(i.perch_price, i.pay_price)} %`,
  },
  { key: 'tax', label: itemsText.fields.tax, amount: true, value: (i) => formatDecimal(i.tax) },
];

const defaultHidden = ['item_desc', 'aliasEn', 'item_parcode', 'tax'];
const STORAGE_KEY = 'colSetting';

/** The columns the user hid, remembered on this device (legacy key `colSetting`). */
export function readHiddenColumns(): string[] {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    return Array.isArray(stored) ? stored.filter((key): key is string => typeof key === 'string') : defaultHidden;
  } catch {
    return defaultHidden;
  }
}
export function writeHiddenColumns(hidden: string[]) {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(hidden));
}
