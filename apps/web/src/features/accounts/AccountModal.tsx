import { IonButton, IonButtons, IonContent, IonHeader, IonModal, IonTitle, IonToolbar } from '@ionic/react';
import type { SubAccount } from '@mizan/contract';
import { OwnFormEvents } from '../../ui/OwnFormEvents.tsx';
import { AccountForm } from './AccountForm.tsx';
import { accountsText } from './accountsText.ts';

export function AccountModal({
  storeId,
  open,
  account,
  party,
  onClose,
  onSaved,
}: {
  storeId: number;
  open: boolean;
  account?: SubAccount | undefined;
  /** A new account opened from an invoice starts as a customer or a supplier. */
  party?: 'customer' | 'supplier';
  onClose: () => void;
  onSaved?: (account: SubAccount) => void;
}) {
  return (
    <IonModal isOpen={open} onDidDismiss={onClose} className="wide-modal">
      <IonHeader>
        <IonToolbar color="primary">
          <IonTitle>{account ? accountsText.editAccount : accountsText.newAccount}</IonTitle>
          <IonButtons slot="end">
            <IonButton onClick={onClose}>{accountsText.close}</IonButton>
          </IonButtons>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">
        <OwnFormEvents>
          {open && (
            <AccountForm
              key={account?.id ?? 'new'}
              storeId={storeId}
              account={account}
              party={party}
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
