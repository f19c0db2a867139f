import { useIonToast } from '@ionic/react';
import { useCallback } from 'react';
import { errorMessage } from '../app/api.ts';

/** Toasts as the seed shows them: top, iOS style, 2000 ms; green for done, red for refused. */
export function useNotify() {
  const [present] = useIonToast();
  const show = useCallback(
    (message: string, color: 'success' | 'danger') =>
      present({ message, color, position: 'top', mode: 'ios', duration: 2000, cssClass: 'mizan-toast' }),
    [present],
  );
  return {
    done: useCallback((message: string) => show(message, 'success'), [show]),
    failed: useCallback((error: unknown) => show(errorMessage(error), 'danger'), [show]),
    /** A refusal the screen decides itself (an incomplete form), in the same red toast. */
    refused: useCallback((message: string) => show(message, 'danger'), [show]),
  };
}
