import { type RefObject, useEffect } from 'react';
import { isSaveKey } from '../../ui/enterMovesOn.ts';

/** The fields the invoice's function keys go to. */
const shortcutFields: Record<string, string> = { F2: 'customer', F3: 'item_search', F4: 'discount', F8: 'pay' };
/** An Ionic dialog on show (a modal or an alert): the invoice's shortcuts wait. */
const openOverlay = 'ion-alert:not(.overlay-hidden), ion-modal.show-modal, .question-backdrop';

/**
 * The invoice's shortcuts work wherever the focus is (after a line is removed it falls to the page): Ctrl+S
 * saves, F2 goes to the party, F3 to the item, F4 to the discount, F8 to the paid amount. Not under a dialog.
 * `save` is a ref to the render's submit, so the listener is set once and always saves what is on screen.
 */
export function useInvoiceShortcuts(form: RefObject<HTMLFormElement | null>, save: RefObject<() => Promise<void>>) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || document.querySelector(openOverlay)) return;
      const field = shortcutFields[event.key];
      if (isSaveKey(event)) {
        event.preventDefault();
        void save.current();
      } else if (field && !event.ctrlKey && !event.altKey && !event.metaKey) {
        event.preventDefault();
        const input = form.current?.elements.namedItem(field);
        if (input instanceof HTMLInputElement) {
          input.focus();
          input.select();
        }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [form, save]);
}
