import { type DocumentKindSpec, documentKinds, type ReturnKindToken, routes } from '@mizan/contract';
import { returnsText } from './returnsText.ts';

/** What differs between the sales-return and the purchase-return screens (the same screens over another kind). */
export type ReturnScreen = {
  kind: ReturnKindToken;
  /** The kind of invoice it takes goods back from (its registry entry's `returnOf`). */
  originalKind: (typeof documentKinds)['saleReturn' | 'purchaseReturn']['returnOf'];
  price: DocumentKindSpec['price'];
  label: string;
  partyLabel: string;
  newPath: string;
  editPath: string;
  recordPath: string;
  /** The legacy "top" read of this kind's returns (each kind names it its own way). */
  latest: typeof routes.sales_returns.getTopReturns | typeof routes.purchase_returns.getTopPurchaseReturns;
  /** Sold or bought, as the lines' first quantity column reads. */
  quantityLabel: string;
  /** The money that goes back: refunded to the customer, or received back from the supplier. */
  refundLabel: string;
  /** It is handed to a customer at the counter: its till-roll receipt (pos-reciept) is offered. */
  tillReceipt: boolean;
};

/** The print of a saved return: the A4 page, or the till roll's receipt (80 mm). */
export const returnPrintPath = (screen: ReturnScreen, returnId: number, layout: 'a4' | 'receipt' = 'a4') =>
  layout === 'receipt'
    ? `/pos-reciept?kind=${screen.kind}&id=${returnId}&width=80`
    : `/print-modal?kind=${screen.kind}&id=${returnId}`;

export const salesReturnScreen: ReturnScreen = {
  kind: documentKinds.saleReturn.wire,
  originalKind: documentKinds.saleReturn.returnOf,
  price: documentKinds.saleReturn.price,
  label: documentKinds.saleReturn.label,
  partyLabel: returnsText.customer,
  newPath: '/folder/sales-return',
  editPath: '/folder/edit-sales-return',
  recordPath: '/folder/sales-returns-record',
  latest: routes.sales_returns.getTopReturns,
  quantityLabel: returnsText.soldQuantity,
  refundLabel: returnsText.refundToCustomer,
  tillReceipt: true,
};

export const purchaseReturnScreen: ReturnScreen = {
  kind: documentKinds.purchaseReturn.wire,
  originalKind: documentKinds.purchaseReturn.returnOf,
  price: documentKinds.purchaseReturn.price,
  label: documentKinds.purchaseReturn.label,
  partyLabel: returnsText.supplier,
  newPath: '/folder/purchase-return',
  editPath: '/folder/edit-purchase-return',
  recordPath: '/folder/purchase-returns-record',
  latest: routes.purchase_returns.getTopPurchaseReturns,
  quantityLabel: returnsText.boughtQuantity,
  refundLabel: returnsText.refundFromSupplier,
  tillReceipt: false,
};

/** The return screen of an invoice kind (the records' return action, `returnsText.returnAction`). */
export const returnScreenOf = (kind: string): ReturnScreen | undefined =>
  [salesReturnScreen, purchaseReturnScreen].find((screen) => screen.originalKind === kind);
