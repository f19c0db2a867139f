import { IonButton, IonButtons, IonContent, IonHeader, IonModal, IonTitle, IonToolbar } from '@ionic/react';
import type { SubAccount } from '@mizan/contract';
import { AccountForm } from './AccountForm.tsx';
import { accountsText } from './accountsText.ts';

export function AccountModal({
  storeId,
  open,
  account,
  onClose,
}: {
  storeId: number;
  open: boolean;
  account?: SubAccount | undefined;
  onClose: () => void;
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
        {open && <AccountForm key={account?.id ?? 'new'} storeId={storeId} account={account} onSaved={onClose} />}
      </IonContent>
    </IonModal>
  );
}
