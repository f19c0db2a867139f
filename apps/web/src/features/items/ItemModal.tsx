import { IonButton, IonButtons, IonContent, IonHeader, IonModal, IonTitle, IonToolbar } from '@ionic/react';
import type { Item } from '@mizan/contract';
import { OwnFormEvents } from '../../ui/OwnFormEvents.tsx';
import { ItemForm } from './ItemForm.tsx';
import { itemsText } from './itemsText.ts';

/** The item form in a modal over the list: `item` edits it, without one a new item is created. */
export function ItemModal({
  storeId,
  open,
  item,
  onClose,
  onSaved,
  onDismissed,
}: {
  storeId: number;
  open: boolean;
  item: Item | undefined;
  onClose: () => void;
  onSaved?: (item: Item) => void;
  /** After the modal is gone (and Ionic has given the focus back to what opened it). */
  onDismissed?: () => void;
}) {
  return (
    <IonModal
      isOpen={open}
      onDidDismiss={() => {
        onClose();
        onDismissed?.();
      }}
      className="wide-modal"
    >
      <IonHeader>
        <IonToolbar color="primary">
          <IonTitle>{item ? itemsText.editItem : itemsText.newItem}</IonTitle>
          <IonButtons slot="end">
            <IonButton onClick={onClose}>{itemsText.close}</IonButton>
          </IonButtons>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">
        <OwnFormEvents>
          {open && (
            <ItemForm
              key={item?.id ?? 'new'}
              storeId={storeId}
              item={item}
              onSaved={(saved) => {
                onSaved?.(saved);
                onClose();
              }}
            />
          )}
        </OwnFormEvents>
      </IonContent>
    </IonModal>
  );
}
