import { type ItemWithStock, normalizeNumberInput } from '@mizan/contract';
import { useState } from 'react';
import { addLine, changeLine, type DraftInvoice, emptyInvoice, removeLine } from '../invoices/invoiceForm.ts';
import { discountedPrice } from './posCart.ts';

/** An item as the cart takes it: from a tile, a scan, the item search or the device's copy. */
export type CartItem = Pick<ItemWithStock, 'id' | 'item_name' | 'pay_price' | 'quantity' | 'tax'>;

/**
 * The POS's cart: the sale's draft (the sales invoice's own, features/invoices/invoiceForm.ts), its lines added,
 * stepped by whole units and removed, and a line's discount as a percent of its price before any discount.
 */
export function usePosCart() {
  const [sale, setSale] = useState<DraftInvoice>(() => emptyInvoice());
  // A line's price before its discount (by line), to show it struck through.
  const [listPrices, setListPrices] = useState<Record<string, string>>({});
  const [discounting, setDiscounting] = useState<{ uid: string; percent: string } | undefined>();

  /** Adds an item at `price`: the chosen customer's (his price list's, docs/price-lists.md), else its own. */
  const add = (item: CartItem, quantity = '1', price = item.pay_price) =>
    setSale((current) =>
      addLine(current, {
        item_id: item.id,
        item_name: item.item_name,
        quantity,
        price,
        tax: item.tax,
        stock: item.quantity,
        pricing: { own: item.pay_price, given: price },
      }),
    );
  const step = (uid: string, by: 1 | -1) =>
    setSale((current) => {
      const index = current.lines.findIndex((l) => l.uid === uid);
      const line = current.lines[index];
      if (!line) return current;
      const next = Number(normalizeNumberInput(line.quantity)) + by;
      // Quantities are decimals of up to 3 places: whole steps keep them exact as text.
      const [whole = '0', fraction] = normalizeNumberInput(line.quantity).split('.');
      const stepped = `${Number(whole) + by}${fraction ? `.${fraction}` : ''}`;
      return next > 0 ? changeLine(current, index, { quantity: stepped }) : current;
    });
  const remove = (uid: string) => {
    setSale((current) =>
      removeLine(
        current,
        current.lines.findIndex((l) => l.uid === uid),
      ),
    );
    setListPrices(({ [uid]: _, ...rest }) => rest);
  };
  /** The discount being typed, applied to its line: `badPercent` when the percent is not one the rules take. */
  const applyDiscount = (): 'applied' | 'badPercent' | 'none' => {
    if (!discounting) return 'none';
    const index = sale.lines.findIndex((l) => l.uid === discounting.uid);
    const line = sale.lines[index];
    if (!line) {
      setDiscounting(undefined);
      return 'none';
    }
    const listPrice = listPrices[line.uid] ?? line.price;
    const price = discountedPrice(listPrice, discounting.percent);
    if (price === undefined) return 'badPercent';
    setSale((current) => changeLine(current, index, { price }));
    setListPrices((current) => ({ ...current, [line.uid]: listPrice }));
    setDiscounting(undefined);
    return 'applied';
  };
  /** An empty cart for the next sale, to the walk-in customer when there is one. */
  const clear = (walkIn: number | undefined) => {
    setSale(emptyInvoice(walkIn));
    setListPrices({});
    setDiscounting(undefined);
  };
  return { sale, setSale, listPrices, discounting, setDiscounting, add, step, remove, applyDiscount, clear };
}
