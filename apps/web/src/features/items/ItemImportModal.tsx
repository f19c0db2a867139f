import { routes } from '@mizan/contract';
import { IonButton, IonButtons, IonContent, IonHeader, IonModal, IonTitle, IonToolbar } from '../../ui/ionic.ts';
import { SheetImport } from '../../ui/SheetImport.tsx';
import { itemsText } from './itemsText.ts';

export function ItemImportModal({ storeId, open, onClose }: { storeId: number; open: boolean; onClose: () => void }) {
  return (
    <IonModal isOpen={open} onDidDismiss={onClose} className="wide-modal">
      <IonHeader>
        <IonToolbar color="primary">
          <IonTitle>{itemsText.importExcel}</IonTitle>
          <IonButtons slot="end">
            <IonButton onClick={onClose}>{itemsText.close}</IonButton>
          </IonButtons>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">
        <SheetImport
          route={routes.uploadXsl.items}
          template={routes.items.importTemplate}
          templateName={itemsText.templateFile}
          storeId={storeId}
          describe={(values) => String(values.item_name ?? values.part_no ?? '')}
          onDone={onClose}
        />
      </IonContent>
    </IonModal>
  );
}
