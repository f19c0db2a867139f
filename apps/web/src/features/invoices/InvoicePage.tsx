import { IonButton, IonLabel, IonSegment, IonSegmentButton, useIonAlert } from '@ionic/react';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { apiPost } from '../../app/api.ts';
import { formatDecimal } from '../../app/format.ts';
import { Page } from '../../ui/Page.tsx';
import { PlainField } from '../../ui/PlainField.tsx';
import { useNotify } from '../../ui/useNotify.ts';
import { useSession } from '../auth/AuthProvider.tsx';
import { CustomerPicker } from './CustomerPicker.tsx';
import { type DocumentScreen, salesScreen } from './documentScreens.ts';
import { InvoiceLines } from './InvoiceLines.tsx';
import { InvoiceTotals } from './InvoiceTotals.tsx';
import { ItemEntry } from './ItemEntry.tsx';
import {
  addLine,
  changeLine,
  type DraftInvoice,
  emptyInvoice,
  figures,
  removeLine,
  today,
  toRequest,
} from './invoiceForm.ts';
import { salesText } from './salesText.ts';
import { savedKind, saveSteps } from './saveInvoice.ts';
import { useConfirmedDelete } from './useConfirmedDelete.ts';
import {
  type DocKind,
  type ItemWithStock,
  type SavedInvoice,
  shortagesOf,
  useInvoice,
  useSaveInvoice,
} from './useSales.ts';

const fromSaved = (doc: SavedInvoice, price: DocumentScreen['price']): DraftInvoice => ({
  cust_id: doc.cust_id,
  final: doc.kind !== 'payinit',
  pay_date: doc.pay_date,
  payComment: doc.payComment ?? '',
  nextPay: doc.nextPay ?? '',
  discount: doc.discount,
  pay: doc.pay,
  lines: doc.items.map((l) => ({
    uid: String(l.id),
    item_id: l.item_id,
    item_name: l.item_name,
    quantity: l.quantity.replace(/\.?0+$/, ''),
    price: l[price],
    stock: '',
  })),
});

/**
 * The sales or purchase invoice (folder/sales, folder/purchase; folder/edit-sales?id=N&kind=pay|payinit and
 * folder/edit-perch?id=N open a saved one).
 */
export function InvoicePage({
  title,
  screen,
  mobile = false,
}: {
  title: string;
  screen: DocumentScreen;
  mobile?: boolean;
}) {
  // On a phone the invoice is three segments (setup, items, totals); they stay mounted so nothing typed is lost.
  const [section, setSection] = useState<'setup' | 'items' | 'totals'>('setup');
  const hiddenOnPhone = (name: typeof section) => mobile && section !== name;
  const { storeId } = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const openedKind: DocKind = params.get('kind') === 'payinit' && screen.draftKind ? 'payinit' : screen.kind;
  const openedId = params.get('id') ? Number(params.get('id')) : undefined;
  const opened = useInvoice(storeId, openedKind, openedId);
  const [invoice, setInvoice] = useState<DraftInvoice>(emptyInvoice);
  const [saveKey, setSaveKey] = useState(() => crypto.randomUUID());
  const save = useSaveInvoice(storeId);
  const notify = useNotify();
  const [alert] = useIonAlert();

  // "Copy as a new invoice" from a record (?copy=kind:id): the lines and party of that document, saved as new.
  const [copyKind, copyId] = (params.get('copy') ?? '').split(':');
  const copied = useInvoice(storeId, (copyKind || 'pay') as DocKind, copyId ? Number(copyId) : undefined);
  useEffect(() => {
    if (copied.data)
      setInvoice({ ...fromSaved(copied.data, screen.price), final: true, pay_date: today(), pay: '0', nextPay: '' });
  }, [copied.data, screen.price]);
  useEffect(() => {
    if (opened.data) setInvoice(fromSaved(opened.data, screen.price));
  }, [opened.data, screen.price]);
  const change = (patch: Partial<DraftInvoice>) => setInvoice((current) => ({ ...current, ...patch }));

  const afterSave = (saved: SavedInvoice) => {
    notify.done(salesText.saved(saved.pay_ref));
    alert({
      message: salesText.askPrint,
      buttons: [
        { text: salesText.no_, role: 'cancel', handler: () => startNew() },
        { text: salesText.yes, handler: () => navigate(`/print-modal?kind=${savedKind(saved)}&id=${saved.pay_id}`) },
      ],
    });
  };
  function startNew() {
    setInvoice(emptyInvoice());
    setSaveKey(crypto.randomUUID());
    if (openedId) navigate(screen.newPath, { replace: true });
  }

  async function submit() {
    const f = figures(invoice);
    const problem = !invoice.lines.length
      ? salesText.noLines
      : !invoice.cust_id
        ? salesText.noCustomer
        : !invoice.pay_date
          ? salesText.noDate
          : f.problem
            ? salesText.badRemainder
            : undefined;
    if (problem) return notify.refused(problem);
    const steps = saveSteps(
      screen,
      opened.data ? { kind: openedKind, pay_id: opened.data.pay_id } : undefined,
      invoice.final,
      toRequest(invoice, saveKey, screen.price),
    );
    try {
      let saved: SavedInvoice | undefined;
      for (const step of steps) [saved] = await save.mutateAsync(step);
      if (saved) afterSave(saved);
    } catch (error) {
      const shortages = shortagesOf(error);
      if (!shortages.length) return notify.failed(error);
      alert({
        header: salesText.shortTitle,
        message: shortages
          .map((s) => salesText.shortLine(s.item_name, s.requested_quantity, s.available_quantity, s.shortage))
          .join('\n'),
        cssClass: 'shortage-alert',
        buttons: [salesText.close],
      });
    }
  }
  // A price typed on a line may be kept on the item (screens.md: "offers to save the new price to the item").
  const offerToKeepPrice = (item: ItemWithStock, price: string) =>
    alert({
      message: salesText.keepPrice(item.item_name, price),
      buttons: [
        { text: salesText.no_, role: 'cancel' },
        {
          text: salesText.yes,
          handler: () =>
            void apiPost('items/updatePayPrice', {
              id: item.id,
              store_id: storeId,
              ...(screen.price === 'pay_price'
                ? { pay_price: price }
                : { pay_price: item.pay_price, perch_price: price }),
            })
              .then(() => notify.done(salesText.priceKept))
              .catch(notify.failed),
        },
      ],
    });

  // A purchase order becomes a purchase invoice in one transaction; the invoice opens for any changes.
  const convertOrder = () =>
    opened.data &&
    save.mutate(
      { path: 'perchOrder/convertToPurchase', body: { pay_id: opened.data.pay_id } },
      {
        onSuccess: ([saved]) => {
          notify.done(salesText.saved(saved?.pay_ref ?? ''));
          if (saved) navigate(`/folder/edit-perch?id=${saved.pay_id}`);
        },
        onError: notify.failed,
      },
    );
  const confirmDelete = useConfirmedDelete(storeId, screen.recordPath);
  const askDelete = () => opened.data && confirmDelete(openedKind, opened.data.pay_id);

  return (
    <Page title={opened.data ? `${title} ${opened.data.pay_ref}` : title}>
      {mobile && (
        <IonSegment
          value={section}
          onIonChange={(e) => setSection(e.detail.value as typeof section)}
          className="invoice-sections"
        >
          <IonSegmentButton value="setup">
            <IonLabel>{salesText.sectionSetup}</IonLabel>
          </IonSegmentButton>
          <IonSegmentButton value="items">
            <IonLabel>
              {salesText.sectionItems} (<bdi className="num">{invoice.lines.length}</bdi>)
            </IonLabel>
          </IonSegmentButton>
          <IonSegmentButton value="totals">
            <IonLabel>{salesText.sectionTotals}</IonLabel>
          </IonSegmentButton>
        </IonSegment>
      )}
      <form
        className={mobile ? 'invoice mobile' : 'invoice'}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        onKeyDown={(e) => {
          if ((e.ctrlKey || e.metaKey) && e.key === 's') {
            e.preventDefault();
            void submit();
          }
        }}
      >
        <div className="invoice-header" hidden={hiddenOnPhone('setup')}>
          <CustomerPicker
            storeId={storeId}
            label={screen.partyLabel}
            party={screen.party}
            value={invoice.cust_id}
            onChange={(cust_id) => change({ cust_id })}
          />
          {screen.draftKind && (
            <div className="field">
              <span>{salesText.type}</span>
              <IonSegment
                value={invoice.final ? 'final' : 'preliminary'}
                onIonChange={(e) => change({ final: e.detail.value === 'final' })}
              >
                <IonSegmentButton value="preliminary">
                  <IonLabel>{salesText.preliminary}</IonLabel>
                </IonSegmentButton>
                <IonSegmentButton value="final">
                  <IonLabel>{salesText.final}</IonLabel>
                </IonSegmentButton>
              </IonSegment>
            </div>
          )}
          <PlainField
            label={salesText.date}
            type="date"
            name="pay_date"
            value={invoice.pay_date}
            onChange={(e) => change({ pay_date: e.target.value })}
          />
          <PlainField
            label={salesText.note}
            grow
            name="payComment"
            value={invoice.payComment}
            onChange={(e) => change({ payComment: e.target.value })}
          />
        </div>
        <div hidden={hiddenOnPhone('items')}>
          <ItemEntry
            storeId={storeId}
            price={screen.price}
            allowNewItem={screen.party === 'supplier'}
            onAdd={(line) => setInvoice((current) => addLine(current, line))}
            onPriceChange={offerToKeepPrice}
          />
          <h3>{salesText.lines}</h3>
          <InvoiceLines
            lines={invoice.lines}
            onChange={(i, c) => setInvoice((current) => changeLine(current, i, c))}
            onRemove={(i) => setInvoice((current) => removeLine(current, i))}
          />
        </div>
        <div hidden={hiddenOnPhone('totals')}>
          {screen.noPayment ? (
            <div className="invoice-totals">
              <div className="total-figure">
                <span>{salesText.total}</span>
                <bdi className="num" data-testid="tot_pr">
                  {formatDecimal(figures(invoice).tot_pr)}
                </bdi>
              </div>
            </div>
          ) : (
            <InvoiceTotals invoice={invoice} onChange={change} />
          )}
        </div>
        <div className="toolbar-row" hidden={hiddenOnPhone('totals')}>
          <IonButton type="submit" disabled={save.isPending} data-testid="save-invoice">
            {salesText.save}
          </IonButton>
          {opened.data && openedKind === 'perchOrder' && (
            <IonButton fill="outline" onClick={convertOrder} data-testid="convert-order">
              {salesText.convertOrder}
            </IonButton>
          )}
          {opened.data && (
            <IonButton color="danger" fill="outline" onClick={askDelete}>
              {salesText.delete}
            </IonButton>
          )}
        </div>
      </form>
    </Page>
  );
}

export default function SalesPage({ title }: { title: string }) {
  return <InvoicePage title={title} screen={salesScreen} />;
}
