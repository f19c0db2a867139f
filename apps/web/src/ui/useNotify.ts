import { useCallback } from 'react';
import { errorMessage } from '../app/api.ts';
import { useIonToast } from './ionic.ts';

/**
 * Toasts as the seed shows them: top, iOS style, 2000 ms; green for done, red for refused. The latest message
 * always shows: Ionic's hook drops a toast asked for while its previous one is still in the page (the second
 * sale's "saved" never showed), so that one is dismissed first.
 */
export function useNotify() {
  const [present, dismiss] = useIonToast();
  const show = useCallback(
    async (message: string, color: 'success' | 'danger') => {
      await dismiss();
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
