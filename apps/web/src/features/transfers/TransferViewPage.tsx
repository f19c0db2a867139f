import type { TransferWithLines } from '@mizan/contract';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { may } from '../../app/permissions.ts';
import { IonButton, useIonAlert } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';
import { useNotify } from '../../ui/useNotify.ts';
import { useSession } from '../auth/AuthProvider.tsx';
import '../print/print.css';
import { TransferHeader, TransferLinesView, TransferReceipts } from './TransferFigures.tsx';
import { transfersText as text } from './transfersText.ts';
import { useDeleteReceipt, useDeleteTransfer, useReceiveTransfer, useTransfer } from './useTransfers.ts';

/**
 * One transfer (folder/transfer-view?id=N) as the session's store reads it: its lines (sent, received, sent back,
 * on the way) and receipts. The sender edits or deletes it while nothing was received and sends back what never
 * arrived; the receiver receives what is on the way; each store takes back its own receipts; both print it.
 */
export default function TransferViewPage({ title }: { title: string }) {
  const { storeId, user } = useSession();
  const navigate = useNavigate();
  const notify = useNotify();
  const [confirm] = useIonAlert();
  const [params] = useSearchParams();
  const payId = Number(params.get('id')) || undefined;
  const transfer = useTransfer(storeId, payId);
  const remove = useDeleteTransfer(storeId);
  const sendBack = useReceiveTransfer(storeId);
  const removeReceipt = useDeleteReceipt(storeId);
  const t = transfer.data;

  const ask = (message: string, handler: () => void) =>
    confirm({
      message,
      buttons: [
        { text: text.cancel, role: 'cancel' },
        { text: text.ok, handler },
      ],
    });
  const askDelete = (doc: TransferWithLines) =>
    ask(text.confirmDelete, () =>
      remove.mutate(doc.pay_id, {
        onSuccess: () => {
          notify.done(text.deleted);
          navigate('/folder/transfer-record');
        },
        onError: notify.failed,
      }),
    );
  const askSendBack = (doc: TransferWithLines) =>
    ask(text.confirmSendBack, () =>
      sendBack.mutate(
        { transfer_id: doc.pay_id, send_back: true },
        { onSuccess: () => notify.done(text.sentBackDone), onError: notify.failed },
      ),
    );
  const askDeleteReceipt = (receiptId: number) =>
    ask(text.confirmDeleteReceipt, () =>
      removeReceipt.mutate(receiptId, { onSuccess: () => notify.done(text.receiptDeleted), onError: notify.failed }),
    );

  if (transfer.isError)
    return (
      <Page title={title}>
        <p data-testid="transfer-not-found">{text.notFoundTransfer}</p>
      </Page>
    );
  const sender = t?.from_store_id === storeId;
  const untouched = t !== undefined && t.receipts.length === 0;
  const onTheWay = t?.status === 'in_transit';
  return (
    <Page title={t ? `${title} ${t.pay_ref}` : title}>
      {t && (
        <>
          <div className="form-actions">
            <IonButton onClick={() => navigate(`/transfer-print?id=${t.pay_id}`)} data-testid="print-transfer">
              {text.print}
            </IonButton>
            {!sender && onTheWay && may(user, 'transfer.create') && (
              <IonButton
                onClick={() => navigate(`/folder/transfer-receive?id=${t.pay_id}`)}
                data-testid="receive-transfer"
              >
                {text.receive}
              </IonButton>
            )}
            {sender && untouched && may(user, 'transfer.edit') && (
              <IonButton
                fill="outline"
                onClick={() => navigate(`/folder/edit-transfer?id=${t.pay_id}`)}
                data-testid="edit-transfer"
              >
                {text.edit}
              </IonButton>
            )}
            {sender && onTheWay && may(user, 'transfer.create') && (
              <IonButton fill="outline" onClick={() => askSendBack(t)} data-testid="send-back">
                {text.sendBack}
              </IonButton>
            )}
            {sender && untouched && may(user, 'transfer.delete') && (
              <IonButton color="danger" fill="outline" onClick={() => askDelete(t)} data-testid="delete-transfer">
                {text.delete}
              </IonButton>
            )}
          </div>
          <TransferHeader transfer={t} />
          <TransferLinesView transfer={t} />
          <TransferReceipts
            transfer={t}
            actions={(receipt) =>
              receipt.store_id === storeId &&
              may(user, 'transfer.delete') && (
                <button
                  type="button"
                  className="plain-button danger"
                  data-testid="delete-receipt"
                  onClick={() => askDeleteReceipt(receipt.pay_id)}
                >
                  {text.deleteReceipt}
                </button>
              )
            }
          />
        </>
      )}
    </Page>
  );
}
