import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { formatDecimal } from '../../app/format.ts';
import { may } from '../../app/permissions.ts';
import { IonButton } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';
import { Question } from '../../ui/Question.tsx';
import { type Column, DataTable } from '../../ui/table/DataTable.tsx';
import { useNotify } from '../../ui/useNotify.ts';
import { useSession } from '../auth/AuthProvider.tsx';
import { offlineText as text } from './offlineText.ts';
import { listedSales } from './outbox.rules.ts';
import { type OutboxSale, outboxCounts, refreshCounts, subscribeOutbox, syncOutbox } from './outbox.ts';
import { allSales, deviceId, discardSale, retrySale } from './outboxStore.ts';

/**
 * The sync screen (folder/sync, docs/offline.md): the sales kept on this device that the server has not booked,
 * oldest first: those waiting (sent automatically) and those the server refused, with its reason, to send again
 * once the cause is put right or, by a manager, to remove from the device.
 */
/** The waiting sales the list shows at most (every set-aside one is shown besides). */
const LISTED = 200;

export default function SyncPage({ title }: { title: string }) {
  const { storeId, user } = useSession();
  const notify = useNotify();
  const counts = useSyncExternalStore(subscribeOutbox, outboxCounts);
  const [sales, setSales] = useState<OutboxSale[] | undefined>();
  const [device, setDevice] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [discarding, setDiscarding] = useState<OutboxSale | undefined>();
  const listed = useMemo(() => (sales ? listedSales(sales, LISTED) : undefined), [sales]);
  // Read again whenever the counts change (a send here or in another tab).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the counts are the signal to read the sales again
  useEffect(() => {
    void allSales().then(setSales);
    void deviceId().then(setDevice);
  }, [counts]);

  async function sendNow() {
    setSending(true);
    try {
      const report = await syncOutbox(storeId);
      if (report.saved.size > 0) notify.done(text.sent(report.saved.size));
      else if (report.stopped) notify.refused(text.nothingSent);
    } finally {
      setSending(false);
    }
  }
  async function sendAgain(sale: OutboxSale) {
    await retrySale(sale.key);
    await refreshCounts();
    await sendNow();
  }
  async function discard(yes: boolean) {
    const sale = discarding;
    setDiscarding(undefined);
    if (!yes || !sale) return;
    if (await discardSale(sale.key)) notify.done(text.discarded(sale.counter));
    await refreshCounts();
    setSales(await allSales());
  }

  const columns: Column<OutboxSale>[] = [
    { id: 'counter', header: text.counter, cell: (s) => String(s.counter), sortBy: (s) => s.counter },
    {
      id: 'madeAt',
      header: text.madeAt,
      cell: (s) => `${s.receipt.pay_date} ${s.receipt.pay_time.slice(0, 5)}`,
    },
    { id: 'customer', header: text.customer, cell: (s) => s.receipt.sub_name },
    {
      id: 'total',
      header: text.total,
      amount: true,
      cell: (s) => formatDecimal(s.receipt.total_with_vat || s.receipt.tot_pr),
    },
    {
      id: 'state',
      header: text.state,
      testId: 'sync-state',
      cell: (s) =>
        s.state === 'setAside'
          ? `${text.stateSetAside}: ${s.reason ?? ''}`
          : s.storeId !== storeId
            ? text.otherStore
            : s.tries > 0
              ? `${text.stateWaiting} (${text.tries(s.tries)})`
              : text.stateWaiting,
    },
  ];
  return (
    <Page title={title}>
      <h2>{text.deviceSales}</h2>
      {device && (
        <p>
          {text.deviceId}:{' '}
          <bdi className="num device-id" dir="ltr">
            {device}
          </bdi>
        </p>
      )}
      <IonButton onClick={() => void sendNow()} disabled={sending || counts.waiting === 0} data-testid="sync-now">
        {text.sendNow}
      </IonButton>
      {sales && listed && listed.length < sales.length && (
        <p data-testid="sync-listed">{text.listedOf(listed.length, sales.length)}</p>
      )}
      <DataTable
        columns={columns}
        rows={listed ?? []}
        rowKey={(s) => s.key}
        testId="sync-sales"
        empty={text.noneWaiting}
        loading={listed === undefined}
        actions={(s) =>
          s.state === 'setAside' ? (
            <>
              <IonButton size="small" fill="clear" onClick={() => void sendAgain(s)}>
                {text.sendAgain}
              </IonButton>
              {may(user, 'settings') && (
                <IonButton size="small" fill="clear" color="danger" onClick={() => setDiscarding(s)}>
                  {text.discard}
                </IonButton>
              )}
            </>
          ) : null
        }
      />
      <Question
        question={
          discarding ? { message: text.discardQuestion(discarding.counter), yes: text.yes, no: text.no } : undefined
        }
        onAnswer={(yes) => void discard(yes)}
      />
    </Page>
  );
}
