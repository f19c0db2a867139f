import { bookKinds, documentKinds } from '@mizan/contract';
import { purchaseScreen, salesScreen } from '../invoices/documentScreens.ts';
import { purchaseReturnScreen, salesReturnScreen } from '../returns/returnScreens.ts';

/** What a movement names of its document: its kind, its id and its reference. */
type Moved = { kind: string; source_id: number; pay_ref: string | null };

/**
 * The screen that opens the document a movement came from (its edit route), or undefined when it has none (an
 * opening quantity is typed on the opening-quantities screen).
 */
export function documentPath({ kind, source_id, pay_ref }: Moved): string | undefined {
  switch (kind) {
    case documentKinds.sale.wire:
      return `${salesScreen.editPath}?kind=${kind}&id=${source_id}`;
    case documentKinds.purchase.wire:
      return `${purchaseScreen.editPath}?kind=${kind}&id=${source_id}`;
    case documentKinds.saleReturn.wire:
      return pay_ref ? `${salesReturnScreen.editPath}?ref=${encodeURIComponent(pay_ref)}` : undefined;
    case documentKinds.purchaseReturn.wire:
      return pay_ref ? `${purchaseReturnScreen.editPath}?ref=${encodeURIComponent(pay_ref)}` : undefined;
    case bookKinds.stockCount.wire:
      return `/folder/edit-tswia?id=${source_id}`;
    case bookKinds.openingQuantity.wire:
      return '/fristq';
    default:
      return undefined;
  }
}
