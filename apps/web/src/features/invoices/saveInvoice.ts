import type { DocumentScreen } from './documentScreens.ts';
import type { DocKind, SavedInvoice } from './useSales.ts';

type Body = { invoice: object; items: object[] };

/**
 * Which calls save the invoice, by what it was and what the user chose (screens.md, folder/sales "Save"):
 * new final → pay/createWithItems; new preliminary → payinit/createWithItems; an open final kept final →
 * pay/updateWithItems, made preliminary → payinit/saveWithItemsAndDeletePay; an open preliminary kept →
 * payinit/updateWithItems, made final → payinit/updateWithItems then payinit/convertToFinal.
 * Purchases have no preliminary invoices: perch/createWithItems or perch/updateWithItems.
 */
export function saveSteps(
  screen: DocumentScreen,
  opened: { kind: DocKind; pay_id: number } | undefined,
  final: boolean,
  body: Body,
) {
  const update = opened ? { ...body, invoice: { ...body.invoice, pay_id: opened.pay_id } } : body;
  if (!screen.draftKind)
    return [{ path: `${screen.kind}/${opened ? 'updateWithItems' : 'createWithItems'}`, body: update }];
  const draft = screen.draftKind;
  if (!opened) return [{ path: `${final ? screen.kind : draft}/createWithItems`, body }];
  if (opened.kind === screen.kind)
    return [{ path: final ? `${screen.kind}/updateWithItems` : `${draft}/saveWithItemsAndDeletePay`, body: update }];
  return final
    ? [
        { path: `${draft}/updateWithItems`, body: update },
        { path: `${draft}/convertToFinal`, body: { pay_id: opened.pay_id } },
      ]
    : [{ path: `${draft}/updateWithItems`, body: update }];
}

export const savedKind = (saved: SavedInvoice): DocKind => saved.kind as DocKind;
