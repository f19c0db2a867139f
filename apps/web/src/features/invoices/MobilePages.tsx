import { purchaseScreen, salesScreen } from './documentScreens.ts';
import { InvoicePage } from './InvoicePage.tsx';

/** The phone variants (sales-mob, purchase-mob and their edit routes): the same invoice in three segments. */
export function SalesMobilePage({ title }: { title: string }) {
  return <InvoicePage title={title} screen={salesScreen} mobile />;
}
export function PurchaseMobilePage({ title }: { title: string }) {
  return <InvoicePage title={title} screen={purchaseScreen} mobile />;
}
