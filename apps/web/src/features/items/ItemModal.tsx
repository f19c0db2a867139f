import { IonButton, IonButtons, IonContent, IonHeader, IonModal, IonTitle, IonToolbar } from '@ionic/react';
import type { Item } from '@mizan/contract';
import { ItemForm } from './ItemForm.tsx';
import { itemsText } from './itemsText.ts';

/** The item form in a modal over the list: `item` edits it, without one a new item is created. */
export function ItemModal({
  storeId,
  open,
  item,
  onClose,
}: {
  storeId: number;
  open: boolean;
  item: Item | undefined;
  onClose: () => void;
}) {
  return (
    <IonModal isOpen={open} onDidDismiss={onClose} className="wide-modal">
      <IonHeader>
        <IonToolbar color="primary">
          <IonTitle>{item ? itemsText.editItem : itemsText.newItem}</IonTitle>
          <IonButtons slot="end">
            <IonButton onClick={onClose}>{itemsText.close}</IonButton>
          </IonButtons>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">
        {open && <ItemForm key={item?.id ?? 'new'} storeId={storeId} item={item} onSaved={onClose} />}
      </IonContent>
    </IonModal>
  );
}
