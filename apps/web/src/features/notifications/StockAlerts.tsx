import type { StockQuantityFilter, StockRow } from '@mizan/contract';
import { useNavigate } from 'react-router-dom';
import { formatQuantity } from '../../app/format.ts';
import { may } from '../../app/permissions.ts';
import { IonButton, IonItem, IonLabel, IonList, IonListHeader } from '../../ui/ionic.ts';
import { LoadMore } from '../../ui/LoadMore.tsx';
import { useSession } from '../auth/AuthProvider.tsx';
import { itemReportPath } from '../stock/itemReportPath.ts';
import { noStockFilters, useStockList } from '../stock/useStock.ts';
import { ListEmpty, ListLoading } from './ListState.tsx';
import { notificationsText as text } from './notificationsText.ts';

/** One stock alert list: the items of a quantity filter, from the one stock read, 20 at a time. */
function StockAlertList({ filter }: { filter: Exclude<StockQuantityFilter, 'positive'> }) {
  const { storeId, user } = useSession();
  const navigate = useNavigate();
  // The movement report shows costs and profit: offered only to a role that may read them (as its menu entry).
  const readsMovement = may(user, 'readCost');
  const { query, rows, total, paging } = useStockList(storeId, { ...noStockFilters, quantity_filter: filter }, 20);
  return (
    <IonList data-testid={`stock-alert-${filter}`}>
      <IonListHeader>
        {text.stock[filter]}
        {!query.isLoading && (
          <>
            {' '}
            (<bdi className="num">{total}</bdi>)
          </>
        )}
      </IonListHeader>
      {query.isLoading ? <ListLoading /> : rows.length === 0 && <ListEmpty text={text.noStockAlert} />}
      {rows.map((row: StockRow) => (
        <IonItem key={row.id}>
          <IonLabel>
            <h3>
              <bdi>{row.item_name}</bdi> {row.part_no && <bdi className="num">({row.part_no})</bdi>}
            </h3>
            <p>
              {text.quantity}:{' '}
              <bdi className="num" dir="ltr">
                {formatQuantity(row.quantity)}
              </bdi>
              {filter === 'below_min' && (
                <>
                  {' '}
                  — {text.minimum}:{' '}
                  <bdi className="num" dir="ltr">
                    {formatQuantity(row.min_qty)}
                  </bdi>
                </>
              )}
            </p>
          </IonLabel>
          {readsMovement && (
            <IonButton slot="end" fill="outline" size="small" onClick={() => navigate(itemReportPath(row.id))}>
              {text.movement}
            </IonButton>
          )}
        </IonItem>
      ))}
      {rows.length > 0 && (
        <LoadMore shown={rows.length} total={total} loading={paging.loading} onMore={paging.onMore} />
      )}
    </IonList>
  );
}

/**
 * The stock part of the notifications (screens.md section 4): out of stock (quantity 0), negative stock, and below
 * the item's own minimum quantity, each item opening its movement report.
 */
export function StockAlerts() {
  return (
    <>
      <StockAlertList filter="zero" />
      <StockAlertList filter="negative" />
      <StockAlertList filter="below_min" />
    </>
  );
}
