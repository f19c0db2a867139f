import { createOutline, trashOutline } from 'ionicons/icons';
import type { ReactNode } from 'react';
import { may } from '../../app/permissions.ts';
import { IonButton, IonIcon } from '../../ui/ionic.ts';
import { useSession } from '../auth/AuthProvider.tsx';
import { itemsText } from './itemsText.ts';

/**
 * An item row's actions on the items and item-stock screens: edit, the screen's own (between), delete. Editing and
 * deleting are offered only to a role with `items`, the permission the server asks of both (a cashier or a store
 * keeper saw them and was refused).
 */
export function ItemRowActions({
  onEdit,
  onDelete,
  children,
}: {
  onEdit: () => void;
  onDelete: () => void;
  children?: ReactNode;
}) {
  const { user } = useSession();
  const mayEdit = may(user, 'items');
  return (
    <>
      {mayEdit && (
        <IonButton
          size="small"
          fill="clear"
          onClick={onEdit}
          data-testid="edit-item"
          aria-label={itemsText.edit}
          title={itemsText.edit}
        >
          <IonIcon icon={createOutline} />
        </IonButton>
      )}
      {children}
      {mayEdit && (
        <IonButton
          size="small"
          fill="clear"
          color="danger"
          onClick={onDelete}
          data-testid="delete-item"
          aria-label={itemsText.delete}
          title={itemsText.delete}
        >
          <IonIcon icon={trashOutline} />
        </IonButton>
      )}
    </>
  );
}
