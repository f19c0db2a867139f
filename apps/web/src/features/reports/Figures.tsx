import { printOutline } from 'ionicons/icons';
import type { ReactNode } from 'react';
import { IonButton, IonIcon } from '../../ui/ionic.ts';
import { reportsText } from './reportsText.ts';
import '../print/print.css';

/** A report's figures side by side (count, totals, difference), each with its label, as an invoice's totals. */
export function Figures({ items, testId }: { items: { label: string; value: ReactNode }[]; testId?: string }) {
  return (
    <div className="invoice-totals" data-testid={testId}>
      {items.map((item) => (
        <div key={item.label} className="total-figure">
          <span>{item.label}</span>
          <bdi className="num">{item.value}</bdi>
        </div>
      ))}
    </div>
  );
}

/** Prints the screen as it is (print.css leaves out the menu, the header and the controls marked `no-print`). */
export function printScreen() {
  window.print();
}

/** The print button of a report or a record: the screen as it is, on paper. */
export function PrintButton() {
  return (
    <IonButton fill="outline" size="small" onClick={printScreen}>
      <IonIcon slot="start" icon={printOutline} />
      {reportsText.print}
    </IonButton>
  );
}
