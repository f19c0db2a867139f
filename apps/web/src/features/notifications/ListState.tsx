import { IonItem, IonNote, IonSpinner } from '../../ui/ionic.ts';
import { notificationsText as text } from './notificationsText.ts';

/** A list whose read is on its way: it says so, never "none" or a count of 0 it does not know yet. */
export function ListLoading() {
  return (
    <IonItem lines="none" data-testid="list-loading">
      <IonSpinner name="dots" aria-label={text.loading} />
    </IonItem>
  );
}

/** A list read and found empty. */
export function ListEmpty({ text: note }: { text: string }) {
  return (
    <IonItem lines="none">
      <IonNote>{note}</IonNote>
    </IonItem>
  );
}
