import { formatDecimal, formatQuantity } from '../../app/format.ts';
import { itemsText } from './itemsText.ts';
import { useStoresStock } from './useItems.ts';

const text = itemsText.stores;

/**
 * One item in every store of the user (docs/catalogue.md): each store's stock, its value at cost where the user's role
 * there reads costs, its price and minimum. `always` shows it for one store too (asked for); the item form shows it
 * only when the item is in more than one of the user's stores.
 */
export function StoresStock({
  storeId,
  itemId,
  always = false,
}: {
  storeId: number;
  itemId: number;
  always?: boolean;
}) {
  const query = useStoresStock(storeId, itemId);
  const rows = query.data ?? [];
  if (query.isLoading) return always ? <p className="stores-stock-note">{text.loading}</p> : null;
  if (rows.length === 0 || (rows.length < 2 && !always)) return null;
  const showValue = rows.some((row) => row.value !== null);
  return (
    <section className="stores-stock" data-testid="stores-stock" aria-label={text.title}>
      <h3>{text.title}</h3>
      <table className="data-table">
        <thead>
          <tr>
            <th>{text.store}</th>
            <th>{text.quantity}</th>
            {showValue && <th>{text.value}</th>}
            <th>{text.price}</th>
            <th>{text.minimum}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.store_id} className={row.store_id === storeId ? 'this-store' : undefined}>
              <td>
                {row.store_name}
                {row.store_id === storeId && <small> ({text.thisStore})</small>}
              </td>
              <td className="amount num" data-testid="stores-stock-quantity">
                {formatQuantity(row.quantity)}
              </td>
              {showValue && <td className="amount num">{row.value === null ? '—' : formatDecimal(row.value)}</td>}
              <td className="amount num">{formatDecimal(row.pay_price)}</td>
              <td className="amount num">{formatQuantity(row.min_qty)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
