import { purchaseScreen } from './documentScreens.ts';
import { InvoicePage } from './InvoicePage.tsx';

/** The purchase invoice: the sales screen with the supplier and purchase prices (warns when cost ≥ selling price). */
export default function PurchasePage({ title }: { title: string }) {
  return <InvoicePage title={title} screen={purchaseScreen} />;
}
