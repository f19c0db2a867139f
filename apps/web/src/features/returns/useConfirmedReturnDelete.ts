import { useNavigate } from 'react-router-dom';
import { useIonAlert } from '../../ui/ionic.ts';
import { useNotify } from '../../ui/useNotify.ts';
import type { ReturnScreen } from './returnScreens.ts';
import { returnsText as text } from './returnsText.ts';
import { useDeleteReturn } from './useReturns.ts';

/** Deletes an open return after the user confirms it (its goods and balances go back), then opens its record. */
export function useConfirmedReturnDelete(storeId: number, screen: ReturnScreen) {
  const remove = useDeleteReturn(storeId);
  const notify = useNotify();
  const navigate = useNavigate();
  const [alert] = useIonAlert();
  return (returnId: number | undefined) =>
    returnId !== undefined &&
    alert({
      message: text.askDelete,
      buttons: [
        { text: text.no_, role: 'cancel' },
        {
          text: text.yes,
          handler: () =>
            remove.mutate(
              { kind: screen.kind, return_id: returnId },
              {
                onSuccess: () => {
                  notify.done(text.deleted);
                  navigate(screen.recordPath);
                },
                onError: notify.failed,
              },
            ),
        },
      ],
    });
}
