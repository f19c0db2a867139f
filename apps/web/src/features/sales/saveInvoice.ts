import type { DocKind, SavedInvoice } from './useSales.ts';

/**
 * Which calls save the invoice, by what it was and what the cashier chose (screens.md, folder/sales "Save"):
 * new final → pay/createWithItems; new preliminary → payinit/createWithItems; an open final kept final →
 * pay/updateWithItems, made preliminary → payinit/saveWithItemsAndDeletePay; an open preliminary kept →
 * payinit/updateWithItems, made final → payinit/updateWithItems then payinit/convertToFinal.
 */
export function saveSteps(
  opened: { kind: DocKind; pay_id: number } | undefined,
  final: boolean,
  body: { invoice: object; items: object[] },
) {
  if (!opened) return [{ path: final ? 'pay/createWithItems' : 'payinit/createWithItems', body }];
  const update = { ...body, invoice: { ...body.invoice, pay_id: opened.pay_id } };
  if (opened.kind === 'pay')
    return [{ path: final ? 'pay/updateWithItems' : 'payinit/saveWithItemsAndDeletePay', body: update }];
  return final
    ? [
        { path: 'payinit/updateWithItems', body: update },
        { path: 'payinit/convertToFinal', body: { pay_id: opened.pay_id } },
      ]
    : [{ path: 'payinit/updateWithItems', body: update }];
}

export const savedKind = (saved: SavedInvoice): DocKind => (saved.kind === 'payinit' ? 'payinit' : 'pay');
