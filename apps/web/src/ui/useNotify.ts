import { useCallback } from 'react';
import { errorMessage } from '../app/api.ts';
import { useIonToast } from './ionic.ts';

/** The toast on show, whichever screen or menu showed it: the next one, from anywhere, dismisses it first. */
let dismissShown: (() => Promise<void>) | undefined;

/**
 * Toasts as the seed shows them: top, iOS style, 2000 ms; green for done, red for refused. The latest message
 * always shows: Ionic's hook drops a toast asked for while a previous one is still in the page (the second sale's
 * "saved" never showed; the menu's "cannot sign out" right after a sale's "saved" did not either), so the one on
 * show is dismissed first, though another component's hook showed it.
 */
export function useNotify() {
  const [present, dismiss] = useIonToast();
  const show = useCallback(
    async (message: string, color: 'success' | 'danger') => {
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
