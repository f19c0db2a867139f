import type { Item } from '@mizan/contract';
import { createOutline, trashOutline } from 'ionicons/icons';
import { columnsFor, may } from '../../app/permissions.ts';
import { IonButton, IonIcon } from '../../ui/ionic.ts';
import { DataTable, type Paging } from '../../ui/table/DataTable.tsx';
import { useSession } from '../auth/AuthProvider.tsx';
import { itemColumnChoice, itemColumns } from './itemColumns.ts';
import { itemsText } from './itemsText.ts';

/**
 * The item rows with the chosen columns, paged on the server; on a phone each row shows as a card. A role without
 * cost prices (`readCost`) has no purchase price or profit column: the server sends them blank anyway. Editing and
 * deleting an item are offered only to a role with `items`, the permission the server asks of both.
 */
export function ItemTable({
  items,
  loading,
  paging,
  onEdit,
  onDelete,
}: {
  items: Item[];
  loading: boolean;
  paging: Paging;
  onEdit: (item: Item) => void;
  onDelete: (item: Item) => void;
}) {
  const { user } = useSession();
  return (
    <DataTable
      columns={columnsFor(user, itemColumns)}
      rows={items}
      rowKey={(item) => item.id}
      testId="items-table"
      empty={itemsText.empty}
      loading={loading}
      columnChoice={itemColumnChoice}
      paging={paging}
      actions={
        may(user, 'items')
          ? (item) => (
              <>
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
              </>
            )
          : undefined
      }
    />
  );
}
