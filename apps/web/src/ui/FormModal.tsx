import type { ReactNode } from 'react';
import { isSaveKey } from './enterMovesOn.ts';
import { IonButton, IonButtons, IonContent, IonHeader, IonModal, IonTitle, IonToolbar } from './ionic.ts';

/**
 * A form in a modal over the screen: a titled header with a close button, the form mounted only while open.
 * The form's events stay in the modal: React bubbles events along the component tree, not the page, so a modal
 * opened from inside the invoice form would otherwise also submit the invoice (Enter) or save it (Ctrl+S).
 */
const fieldSelector = 'input:not([type="hidden"]):not([disabled]), textarea, select';

export function FormModal({
  open,
  title,
  closeLabel,
  onClose,
  onDismissed,
  children,
}: {
  open: boolean;
  title: string;
  closeLabel: string;
  onClose: () => void;
  /** After the modal is gone (and Ionic has given the focus back to what opened it). */
  onDismissed?: (() => void) | undefined;
  children: ReactNode;
}) {
  return (
    <IonModal
      isOpen={open}
      onDidDismiss={() => {
        onClose();
        onDismissed?.();
      }}
      className="wide-modal"
      // A dialog opens with the focus on its first field: the user types at once. Its opening animation ends after
      // the first keys may have come: a field the user already chose (a scanner typing into the barcode) keeps the
      // focus, or the rest of the scan would land in the first field.
      onDidPresent={(event) => {
        const modal = event.target as HTMLElement;
        const focused = document.activeElement;
        if (focused && modal.contains(focused) && focused.matches(fieldSelector)) return;
        modal.querySelector<HTMLInputElement>(fieldSelector)?.focus();
      }}
    >
      <IonHeader>
        <IonToolbar color="primary">
          <IonTitle>{title}</IonTitle>
          <IonButtons slot="end">
            <IonButton onClick={onClose}>{closeLabel}</IonButton>
          </IonButtons>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">
        {/* biome-ignore lint/a11y/noStaticElementInteractions: it only stops events of the form inside from bubbling on */}
        <div
          onSubmit={(event) => event.stopPropagation()}
          onKeyDown={(event) => {
            if (isSaveKey(event)) {
              event.preventDefault();
              event.stopPropagation();
            }
          }}
        >
          {open && children}
        </div>
      </IonContent>
    </IonModal>
  );
}
