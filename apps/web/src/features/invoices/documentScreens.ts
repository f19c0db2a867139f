/**
 * What differs between the sales and the purchase screens. Both are the same invoice, record and print
 * screens with another kind, price, party and set of routes.
 */
export type DocumentScreen = {
  /** The final document kind; sales also have preliminary invoices (`payinit`). */
  kind: 'pay' | 'perch' | 'perchOrder';
  draftKind?: 'payinit';
  /** Which price a line is typed and valued at. */
  price: 'pay_price' | 'perch_price';
  partyLabel: string;
  newPath: string;
  editPath: string;
  recordPath: string;
  recentLabel: string;
  sumLabel: string;
  /** Purchase orders have no payment: no discount, paid amount or remainder. */
  noPayment?: boolean;
};

export const salesScreen: DocumentScreen = {
  kind: 'pay',
  draftKind: 'payinit',
  price: 'pay_price',
  partyLabel: 'حساب العميل',
  newPath: '/folder/sales',
  editPath: '/folder/edit-sales',
  recordPath: '/folder/sales-record',
  recentLabel: 'مبيعات حديثة',
  sumLabel: 'إجمالي المبيعات',
};

export const purchaseScreen: DocumentScreen = {
  kind: 'perch',
  price: 'perch_price',
  partyLabel: 'حساب المورد',
  newPath: '/folder/purchase',
  editPath: '/folder/edit-perch',
  recordPath: '/folder/purchase-record',
  recentLabel: 'مشتريات حديثة',
  sumLabel: 'إجمالي المشتريات',
};

export const orderScreen: DocumentScreen = {
  kind: 'perchOrder',
  price: 'perch_price',
  partyLabel: 'حساب المورد',
  newPath: '/folder/prch-order',
  editPath: '/folder/edit-prch-order',
  recordPath: '/folder/prch-order-record',
  recentLabel: 'طلبات شراء حديثة',
  sumLabel: 'إجمالي الطلبات',
  noPayment: true,
};
