import type { Item } from '@mizan/contract';
import { createOutline, trashOutline } from 'ionicons/icons';
import { IonButton, IonIcon } from '../../ui/ionic.ts';
import type { ItemColumn } from './itemColumns.ts';
import { itemsText } from './itemsText.ts';

/** The item rows with the chosen columns; on a phone each row shows as a card (see .data-table in theme.css). */
export function ItemTable({
  items,
  columns,
  onEdit,
  onDelete,
}: {
  items: Item[];
  columns: ItemColumn[];
  onEdit: (item: Item) => void;
  onDelete: (item: Item) => void;
}) {
  if (items.length === 0) return <p className="empty">{itemsText.empty}</p>;
  return (
    <div className="table-scroll">
      <table className="data-table" data-testid="items-table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} className={column.amount ? 'amount' : undefined}>
                {column.label}
              </th>
            ))}
            <th />
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id} data-item-id={item.id}>
              {columns.map((column) => (
                <td key={column.key} data-label={column.label} className={column.amount ? 'amount' : undefined}>
                  {/* Isolated: an English name, a code or a negative percentage keeps its own order in Arabic text. */}
                  {column.amount ? <bdi className="num">{column.value(item)}</bdi> : <bdi>{column.value(item)}</bdi>}
                </td>
              ))}
              <td className="row-actions">
                <IonButton
                  size="small"
                  fill="clear"
                  onClick={() => onEdit(item)}
                  data-testid="edit-item"
                  aria-label={itemsText.edit}
                  title={itemsText.edit}
                >
                  <IonIcon icon={createOutline} />
                </IonButton>
                <IonButton
                  size="small"
                  fill="clear"
                  color="danger"
                  onClick={() => onDelete(item)}
                  aria-label={itemsText.delete}
                  title={itemsText.delete}
                >
                  <IonIcon icon={trashOutline} />
                </IonButton>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
