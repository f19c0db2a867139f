import { type DocumentKindSpec, documentKinds, type PartySide } from '@mizan/contract';
import { isMobile } from '../../app/platform.ts';

/**
 * What differs between the sales and the purchase screens. Both are the same invoice, record and print
 * screens with another kind, price, party and set of routes.
 */
export type DocumentScreen = {
  /** The final document kind (its wire token); sales also have preliminary invoices (`payinit`). */
  kind: (typeof documentKinds)['sale' | 'purchase' | 'purchaseOrder']['wire'];
  draftKind?: (typeof documentKinds)['draftSale']['wire'];
  /** Which price a line is typed and valued at (the kind's, from the registry). */
  price: DocumentKindSpec['price'];
  /** Which kind of account the party is: its field's label, and the "new customer" / "new supplier" button. */
  party: PartySide;
  newPath: string;
  editPath: string;
  recordPath: string;
  /** The value-only invoices of this kind (salessnd, purchsnd): their edit screen and their record. */
  valueOnly?: { editPath: string; recordPath: string };
  /** A kind without a payment (purchase orders): no discount, paid amount or remainder. */
  noPayment?: boolean;
  /** Its record offers to copy a document as a new sale or a new purchase. */
  copies: boolean;
};

export const salesScreen: DocumentScreen = {
  kind: documentKinds.sale.wire,
  draftKind: documentKinds.draftSale.wire,
  price: documentKinds.sale.price,
  party: documentKinds.sale.party,
  // A phone opens and edits invoices on the phone variants of the screens (seed section 2).
  newPath: isMobile ? '/folder/sales-mob' : '/folder/sales',
  editPath: isMobile ? '/folder/edit-sales-mob' : '/folder/edit-sales',
  recordPath: '/folder/sales-record',
  valueOnly: { editPath: '/folder/editsalessnd', recordPath: '/folder/salessndrecord' },
  copies: true,
};

export const purchaseScreen: DocumentScreen = {
  kind: documentKinds.purchase.wire,
  price: documentKinds.purchase.price,
  party: documentKinds.purchase.party,
  newPath: isMobile ? '/folder/purchase-mob' : '/folder/purchase',
  editPath: isMobile ? '/folder/edit-purchase-mob' : '/folder/edit-perch',
  recordPath: '/folder/purchase-record',
  valueOnly: { editPath: '/folder/editpurchsnd', recordPath: '/folder/purchsndrecord' },
  copies: true,
};

export const orderScreen: DocumentScreen = {
  kind: documentKinds.purchaseOrder.wire,
  price: documentKinds.purchaseOrder.price,
  party: documentKinds.purchaseOrder.party,
  newPath: '/folder/prch-order',
  editPath: '/folder/edit-prch-order',
  recordPath: '/folder/prch-order-record',
  noPayment: !documentKinds.purchaseOrder.payment,
  copies: false,
};
