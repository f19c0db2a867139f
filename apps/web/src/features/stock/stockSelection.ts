/**
 * The rows picked in item-stock, carried to a new purchase, sale or stock count (screens.md section 4: quantity =
 * the stock, a negative stock as its absolute value, none as 1). They travel in the router's navigation state
 * under `stockLines`: the invoice screens add them as lines; a screen that does not read it opens empty.
 */
import { toMilli } from '@mizan/contract';

export type StockLine = {
  item_id: number;
  item_name: string;
  quantity: string;
  pay_price: string;
  perch_price: string;
  /** The stock when picked (the count screen's system quantity). */
  stock: string;
  /** The item's VAT rate (percent), when the list carried it. */
  tax?: string | undefined;
};
export type StockLinesState = { stockLines: StockLine[] };

/** The quantity a picked row starts with: its stock, a negative one as its absolute value, zero as 1. */
export function prefillQuantity(stock: string): string {
  const milli = toMilli(stock);
  if (milli === 0n) return '1';
  const units = stock.replace(/^-/, '');
  return units.includes('.') ? units.replace(/\.?0+$/, '') : units;
}

export const stockLinesOf = (
  rows: { id: number; item_name: string; quantity: string; pay_price: string; perch_price: string; tax?: string }[],
): StockLinesState => ({
  stockLines: rows.map((row) => ({
    item_id: row.id,
    item_name: row.item_name,
    quantity: prefillQuantity(row.quantity),
    pay_price: row.pay_price,
    perch_price: row.perch_price,
    stock: row.quantity,
    tax: row.tax,
  })),
});

/** The lines a screen was opened with, if any (anything else in the state is not ours). */
export function stockLinesIn(state: unknown): StockLine[] {
  if (typeof state !== 'object' || state === null || !('stockLines' in state)) return [];
  const lines = (state as { stockLines: unknown }).stockLines;
  return Array.isArray(lines) ? (lines as StockLine[]) : [];
}
