import { addMoney, type Item, type ItemInput, parseMoney, percentOf, toMoneyString } from '@mizan/contract';

/** The item form as typed: every field a string, so nothing is converted while the user types. */
export type ItemFormValues = Record<
  | 'item_name'
  | 'item_desc'
  | 'aliasEn'
  | 'part_no'
  | 'item_parcode'
  | 'brand'
  | 'model'
  | 'item_unit'
  | 'min_qty'
  | 'perch_price'
  | 'pay_price'
  | 'tax'
  | 'category_id'
  | 'firstQuantity',
  string
>;

export const emptyItemForm: ItemFormValues = {
  item_name: '',
  item_desc: '',
  aliasEn: '',
  part_no: '',
  item_parcode: '',
  brand: '',
  model: '',
  item_unit: '',
  min_qty: '0',
  perch_price: '',
  pay_price: '',
  tax: '0',
  category_id: '',
  firstQuantity: '',
};

export function itemToForm(item: Item): ItemFormValues {
  return {
    item_name: item.item_name,
    item_desc: item.item_desc ?? '',
    aliasEn: item.aliasEn ?? '',
    part_no: item.part_no ?? '',
    item_parcode: item.item_parcode ?? '',
    brand: item.brand ?? '',
    model: item.model ?? '',
    item_unit: item.item_unit ?? '',
    min_qty: item.min_qty,
    perch_price: item.perch_price,
    pay_price: item.pay_price,
    tax: item.tax,
    category_id: item.category_id ? String(item.category_id) : '',
    firstQuantity: '',
  };
}

/** The request body of the form: empty optional fields are left out, and the opening quantity only when typed. */
export function formToBody(values: ItemFormValues): ItemInput {
  const { category_id, firstQuantity, ...rest } = values;
  return {
    ...rest,
    category_id: category_id ? Number(category_id) : null,
    ...(firstQuantity.trim() ? { firstQuantity: firstQuantity.trim() } : {}),
  };
}

/** Selling price = purchase price × (1 + margin / 100), to the cent; undefined while the purchase price is not an amount. */
export function priceWithMargin(perchPrice: string, marginPercent: string): string | undefined {
  const cost = parseMoney(perchPrice);
  if (cost === undefined || cost <= 0n || !/^-?\d+(\.\d+)?$/.test(marginPercent.trim())) return undefined;
  const negative = marginPercent.trim().startsWith('-');
  const margin = percentOf(cost, marginPercent.trim().replace('-', ''));
  return toMoneyString(addMoney(cost, negative ? (-margin as typeof margin) : margin));
}
