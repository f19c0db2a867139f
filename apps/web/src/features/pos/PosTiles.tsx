import type { StockRow } from '@mizan/contract';
import { formatDecimal, formatQuantity } from '../../app/format.ts';
import { salesText } from '../invoices/salesText.ts';
import { posText as text } from './posText.ts';

/** The POS's item tiles: a tap adds the item to the cart. */
export function PosTiles({
  items,
  onAdd,
  showEmpty,
}: {
  items: StockRow[];
  onAdd: (item: StockRow) => void;
  /** The list has loaded (or the device's copy answered) and holds nothing. */
  showEmpty: boolean;
}) {
  return (
    <div className="pos-tiles" data-testid="pos-tiles">
      {items.map((item) => (
        <button key={item.id} type="button" className="pos-tile" data-item={item.id} onClick={() => onAdd(item)}>
          <span className="pos-tile-name">{item.item_name}</span>
          <bdi className="num pos-tile-price">{formatDecimal(item.pay_price)}</bdi>
          <small>
            {salesText.stock}: <bdi className="num">{formatQuantity(item.quantity)}</bdi>
          </small>
        </button>
      ))}
      {showEmpty && <p>{text.noItems}</p>}
    </div>
  );
}
