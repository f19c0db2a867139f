import { orderScreen, purchaseScreen } from './documentScreens.ts';
import { InvoicePage } from './InvoicePage.tsx';

/** The purchase invoice: the sales screen with the supplier and purchase prices (warns when cost ≥ selling price). */
export default function PurchasePage({ title }: { title: string }) {
  return <InvoicePage title={title} screen={purchaseScreen} />;
}

/** A purchase order: the purchase invoice without payment; it changes no stock or balance until converted. */
export function PurchaseOrderPage({ title }: { title: string }) {
  return <InvoicePage title={title} screen={orderScreen} />;
}
