import type { TradeDocument } from '@mizan/contract';
import type { ReactNode } from 'react';
import { IonButton } from '../../ui/ionic.ts';
import type { Column } from '../../ui/table/DataTable.tsx';
import { plainQuantity, quantityLeft } from './returnForm.ts';
import { returnScreenOf } from './returnScreens.ts';
import { returnsText as text } from './returnsText.ts';
import { useReturnedByInvoice } from './useReturns.ts';

/**
 * The invoice records' part of returns: a column "left to return" (shown once something came back) and the
 * return action (`text.returnAction`) that opens the return screen on the row's invoice.
 */
export function useReturnColumn(storeId: number, kind: string, rows: TradeDocument[]) {
  const screen = returnScreenOf(kind);
  const byInvoice = useReturnedByInvoice(
    storeId,
    screen?.kind,
    rows.filter((d) => !d.value_only).map((d) => d.pay_id),
  );
  const found = new Map((byInvoice.data ?? []).map((row) => [row.pay_id, row]));
  const columns: Column<TradeDocument>[] = screen
    ? [
        {
          id: 'leftToReturn',
          header: text.leftToReturn,
          cell: (d) => {
            const row = found.get(d.pay_id);
            if (!row) return '';
            // Each number isolated in the Arabic phrase ("3 of 5"), so it reads right to left with the numbers in place.
            return (
              <span data-testid="left-to-return">
                <bdi className="num">{quantityLeft(row.quantity, row.returned_quantity)}</bdi> {text.of}{' '}
                <bdi className="num">{plainQuantity(row.quantity)}</bdi>
              </span>
            );
          },
        },
      ]
    : [];
  const action = (d: TradeDocument, open: (path: string) => void): ReactNode =>
    screen && !d.value_only ? (
      <IonButton
        size="small"
        fill="clear"
        data-testid="return-action"
        onClick={() => open(`${screen.newPath}?original=${encodeURIComponent(d.pay_ref)}`)}
      >
        {text.returnAction}
      </IonButton>
    ) : null;
  return { columns, action };
}
