import { eyeOffOutline } from 'ionicons/icons';
import { IonButton, IonCheckbox, IonContent, IonIcon, IonItem, IonList, IonPopover } from '../../ui/ionic.ts';
import { type ItemColumn, writeHiddenColumns } from './itemColumns.ts';
import { itemsText } from './itemsText.ts';

/** Which columns show; the choice is kept on this device. */
export function ColumnChooser({
  columns,
  hidden,
  onChange,
}: {
  columns: ItemColumn[];
  hidden: string[];
  onChange: (hidden: string[]) => void;
}) {
  const toggle = (key: string, shown: boolean) => {
    const next = shown ? hidden.filter((k) => k !== key) : [...hidden, key];
    writeHiddenColumns(next);
    onChange(next);
  };
  return (
    <>
      <IonButton id="column-chooser" fill="outline" size="small">
        <IonIcon slot="start" icon={eyeOffOutline} />
        {itemsText.columns}
      </IonButton>
      <IonPopover trigger="column-chooser" triggerAction="click">
        <IonContent>
          <IonList lines="none">
            {columns.map((column) => (
              <IonItem key={column.key}>
                <IonCheckbox
                  checked={!hidden.includes(column.key)}
                  onIonChange={(e) => toggle(column.key, e.detail.checked)}
                >
                  {column.label}
                </IonCheckbox>
              </IonItem>
            ))}
          </IonList>
        </IonContent>
      </IonPopover>
    </>
  );
}
