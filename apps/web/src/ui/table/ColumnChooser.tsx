import { eyeOffOutline } from 'ionicons/icons';
import { useId } from 'react';
import { IonButton, IonCheckbox, IonContent, IonIcon, IonItem, IonList, IonPopover } from '../ionic.ts';

/**
 * Which columns show; the choice is kept on this device. Loaded only by a table that offers the choice (the
 * default export is for `lazy`), so its popover and checkboxes stay out of screens such as the invoice's lines.
 */
export default function ColumnChooser({
  columns,
  hidden,
  label,
  onChoose,
}: {
  columns: { id: string; header: string }[];
  hidden: string[];
  label: string;
  onChoose: (id: string, show: boolean) => void;
}) {
  const trigger = `columns-${useId().replace(/:/g, '')}`;
  return (
    <>
      <IonButton id={trigger} fill="outline" size="small" data-testid="column-chooser">
        <IonIcon slot="start" icon={eyeOffOutline} />
        {label}
      </IonButton>
      <IonPopover trigger={trigger} triggerAction="click">
        <IonContent>
          <IonList lines="none">
            {columns.map((column) => (
              <IonItem key={column.id}>
                <IonCheckbox
                  checked={!hidden.includes(column.id)}
                  onIonChange={(event) => onChoose(column.id, event.detail.checked)}
                >
                  {column.header}
                </IonCheckbox>
              </IonItem>
            ))}
          </IonList>
        </IonContent>
      </IonPopover>
    </>
  );
}
