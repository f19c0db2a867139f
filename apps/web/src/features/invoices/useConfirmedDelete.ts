import { kindOf } from '@mizan/contract';
import { useNavigate } from 'react-router-dom';
import { useIonAlert } from '../../ui/ionic.ts';
import { useNotify } from '../../ui/useNotify.ts';
import { salesText } from './salesText.ts';
import { type DocKind, useDeleteInvoice } from './useSales.ts';

/** Deletes an open invoice after the user confirms it, then goes back to its record. */
export function useConfirmedDelete(storeId: number, recordPath: string) {
  const remove = useDeleteInvoice(storeId);
  const notify = useNotify();
  const navigate = useNavigate();
  const [alert] = useIonAlert();
  return (kind: DocKind, payId: number, payRef: string) =>
    alert({
      message: salesText.confirmDelete(kindOf(kind).label, payRef),
      buttons: [
        { text: salesText.cancel, role: 'cancel' },
        {
          text: salesText.ok,
          handler: () =>
            remove.mutate(
              { kind, pay_id: payId },
              {
                onSuccess: () => {
                  notify.done(salesText.deleted);
                  navigate(recordPath);
                },
                onError: notify.failed,
              },
            ),
        },
      ],
    });
}
