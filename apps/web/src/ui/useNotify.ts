import { useCallback } from 'react';
import { errorMessage } from '../app/api.ts';
import { useIonToast } from './ionic.ts';

/** The toast on show, whichever screen or menu showed it: the next one, from anywhere, dismisses it first. */
let dismissShown: (() => Promise<void>) | undefined;

/**
 * A toast comes to rest under the screen's header, so the title stays in sight (the POS's "saved" covered the
 * receipt screen's title). The header is measured when the toast is asked for: the screen may be replaced by the
 * next before it shows (the POS opens the receipt), and every screen's header is the same height. theme.css reads
 * it (`--mizan-toast-top`).
 */
function underTheHeader() {
  const bottom = document.querySelector('#main ion-header')?.getBoundingClientRect().bottom;
  if (bottom) document.documentElement.style.setProperty('--mizan-toast-top', `${Math.round(bottom)}px`);
}

/**
 * Toasts as the seed shows them: top (under the header), iOS style, 2000 ms; green for done, red for refused. The latest message
 * always shows: Ionic's hook drops a toast asked for while a previous one is still in the page (the second sale's
 * "saved" never showed; the menu's "cannot sign out" right after a sale's "saved" did not either), so the one on
 * show is dismissed first, though another component's hook showed it.
 */
export function useNotify() {
  const [present, dismiss] = useIonToast();
  const show = useCallback(
    async (message: string, color: 'success' | 'danger') => {
      underTheHeader();
      await Promise.all([dismiss(), dismissShown?.()]);
      dismissShown = dismiss;
      await present({ message, color, position: 'top', mode: 'ios', duration: 2000, cssClass: 'mizan-toast' });
    },
    [present, dismiss],
  );
  return {
    done: useCallback((message: string) => show(message, 'success'), [show]),
    failed: useCallback((error: unknown) => show(errorMessage(error), 'danger'), [show]),
    /** A refusal the screen decides itself (an incomplete form), in the same red toast. */
    refused: useCallback((message: string) => show(message, 'danger'), [show]),
  };
}
