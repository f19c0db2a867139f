import {
  invoiceDraftProblem,
  isKindToken,
  isTradeKind,
  kindOf,
  messagesAr,
  normalizeNumberInput,
  routes,
  WALK_IN_CUSTOMER,
} from '@mizan/contract';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { call } from '../../app/api.ts';
import { formatDecimal } from '../../app/format.ts';
import { refreshStore } from '../../app/queryClient.ts';
import { DateField } from '../../ui/DateField.tsx';
import { ErrorBoundary } from '../../ui/ErrorBoundary.tsx';
import { enterMovesOn, isSaveKey } from '../../ui/enterMovesOn.ts';
import { IonButton, useIonAlert } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';
import { PlainField } from '../../ui/PlainField.tsx';
import { Segmented } from '../../ui/Segmented.tsx';
import { useNotify } from '../../ui/useNotify.ts';
import { useScreenFocus } from '../../ui/useScreenFocus.ts';
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
import { convertOrderStep, pickedDate, saveSteps } from './saveInvoice.ts';
import { useConfirmedDelete } from './useConfirmedDelete.ts';
import {
  type DocKind,
  type ItemWithStock,
  type SavedInvoice,
  shortagesOf,
  useInvoice,
  useParties,
  useSaveInvoice,
} from './useSales.ts';

const fromSaved = (doc: SavedInvoice, screen: DocumentScreen): DraftInvoice => ({
  cust_id: doc.cust_id,
  final: doc.kind !== screen.draftKind,
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
    price: l[screen.price],
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
  const openedKind: DocKind =
    screen.draftKind && params.get('kind') === screen.draftKind ? screen.draftKind : screen.kind;
  const openedId = params.get('id') ? Number(params.get('id')) : undefined;
  const opened = useInvoice(storeId, openedKind, openedId);
  const [invoice, setInvoice] = useState<DraftInvoice>(emptyInvoice);
  const [saveKey, setSaveKey] = useState(() => crypto.randomUUID());
  const formRef = useRef<HTMLFormElement>(null);
  // A new sale starts with the walk-in customer chosen (screens.md: the counter sells to him most of the day).
  const parties = useParties(storeId);
  const walkIn = kindOf(screen.kind).walkInCustomer
    ? parties.data?.find((p) => p.ac_id === WALK_IN_CUSTOMER.ac_id && p.sub_name === WALK_IN_CUSTOMER.sub_name)?.id
    : undefined;
  const save = useSaveInvoice(storeId);
  const notify = useNotify();
  const [presentAlert, dismissAlert] = useIonAlert();
  // Ionic's hook drops an alert asked for while its previous one is still in the page: that one goes first.
  const alert = (options: Parameters<typeof presentAlert>[0]) => void dismissAlert().then(() => presentAlert(options));

  // "Copy as a new invoice" from a record (?copy=kind:id): the lines and party of that document, saved as new. A
  // kind the registry does not know names no document: it is not found, never read as another kind's.
  const [copyKind = '', copyId] = (params.get('copy') ?? '').split(':');
  const copyFrom = isKindToken(copyKind) && isTradeKind(copyKind) ? copyKind : undefined;
  const copied = useInvoice(storeId, copyFrom, copyFrom && copyId ? Number(copyId) : undefined);
  const copyMissing = (copyId !== undefined && !copyFrom) || copied.isError;
  useEffect(() => {
    if (copyMissing) notify.refused(messagesAr.NOT_FOUND);
  }, [copyMissing, notify.refused]);
  useEffect(() => {
    if (copied.data)
      setInvoice({ ...fromSaved(copied.data, screen), final: true, pay_date: today(), pay: '0', nextPay: '' });
  }, [copied.data, screen]);
  useEffect(() => {
    if (opened.data) setInvoice(fromSaved(opened.data, screen));
  }, [opened.data, screen]);
  const isNew = !openedId && !copyId;
  const change = (patch: Partial<DraftInvoice>) => setInvoice((current) => ({ ...current, ...patch }));

  /**
   * The focus goes to the first field to type: the item when the party is already chosen, else the party. When
   * the screen opens or its data arrives, a user who has started typing keeps the focus where it is.
   */
  const focusField = (name: 'item_search' | 'customer', force = false) => {
    const focus = () => {
      const field = formRef.current?.elements.namedItem(name);
      if (field instanceof HTMLInputElement && field.offsetParent !== null) field.focus();
    };
    // Asked by the user (a party chosen, a save answered): at once. Else only if the user has not started.
    if (force) focus();
    else if (!userActed.current) setTimeout(() => !userActed.current && focus(), 0);
  };
  const startField = (custId: number | undefined) => (custId && !openedId ? 'item_search' : 'customer');
  const userActed = useScreenFocus(formRef, () =>
    focusField(startField(invoice.cust_id ?? (isNew ? walkIn : undefined))),
  );
  // The walk-in customer is chosen when the list arrives, not over a party the user has started typing, nor into
  // the party field the user is in (the list can arrive between selecting the field's text and the first key:
  // the name typed then ran on after the walk-in's); the focus moves to the item only if the user has not started
  // elsewhere. A ref, so the effect below runs when the list arrives and reads this render's state. A layout
  // effect: the check and the drawing of the walk-in's name happen in one task, so no key can come between them
  // (a Ctrl+A or a first letter landing there was typed after the walk-in's name).
  const chooseWalkIn = useRef(() => {});
  chooseWalkIn.current = () => {
    const party = formRef.current?.elements.namedItem('customer');
    const typingInParty = party === document.activeElement && userActed.current;
    if (party instanceof HTMLInputElement && (party.value !== '' || typingInParty)) return;
    setInvoice((current) => (current.cust_id === undefined ? { ...current, cust_id: walkIn } : current));
    focusField(startField(walkIn));
  };
  useLayoutEffect(() => {
    if (walkIn && isNew) chooseWalkIn.current();
  }, [walkIn, isNew]);

  // Whatever the answer to "print?", the screen starts the next invoice at once with a new key: a saved invoice
  // is never shown as a new one (a sale typed over it after printing was answered with the printed one).
  const afterSave = (saved: SavedInvoice) => {
    notify.done(salesText.saved(saved.pay_ref));
    // The print shows what was handed over and the change given back; the invoice keeps only the net as paid.
    const received = figures(invoice).changeDue ? `&received=${normalizeNumberInput(invoice.pay)}` : '';
    startNew();
    alert({
      message: salesText.askPrint,
      buttons: [
        { text: salesText.no_, role: 'cancel', handler: () => focusField(startField(walkIn), true) },
        {
          text: salesText.yes,
          handler: () => navigate(`/print-modal?kind=${saved.kind}&id=${saved.pay_id}${received}`),
        },
      ],
    });
  };
  function startNew() {
    userActed.current = false;
    setInvoice(emptyInvoice(walkIn));
    setSaveKey(crypto.randomUUID());
    setSection('setup');
    if (openedId || copyId) navigate(screen.newPath, { replace: true });
  }

  async function submit() {
    const f = figures(invoice);
    const problem = invoiceDraftProblem({
      lineCount: invoice.lines.length,
      partyId: invoice.cust_id,
      date: invoice.pay_date,
      totals: f.problem,
    });
    if (problem) return notify.refused(salesText.draftRefused[problem]);
    const steps = saveSteps(
      screen,
      opened.data ? { kind: openedKind, pay_id: opened.data.pay_id, pay_date: opened.data.pay_date } : undefined,
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
            void call(routes.items.updatePayPrice, {
              body: {
                id: item.id,
                store_id: storeId,
                ...(screen.price === 'pay_price'
                  ? { pay_price: price }
                  : { pay_price: item.pay_price, perch_price: price }),
              },
            })
              .then(() => {
                notify.done(salesText.priceKept);
                void refreshStore(storeId);
              })
              .catch(notify.failed),
        },
      ],
    });

  // A purchase order becomes a purchase invoice in one transaction; the invoice opens for any changes.
  const convertOrder = () =>
    opened.data &&
    save.mutate(convertOrderStep(opened.data.pay_id, pickedDate(opened.data.pay_date, invoice.pay_date)), {
      onSuccess: ([saved]) => {
        notify.done(salesText.saved(saved?.pay_ref ?? ''));
        if (saved) navigate(`/folder/edit-perch?id=${saved.pay_id}`);
      },
      onError: notify.failed,
    });
  const confirmDelete = useConfirmedDelete(storeId, screen.recordPath);
  // A kind that becomes another (the registry's conversion), on a screen without the final/preliminary switch, is
  // converted by its own button: an order becomes a purchase.
  const convertsByButton = !screen.draftKind && kindOf(openedKind).conversion !== undefined;
  const askDelete = () => opened.data && confirmDelete(openedKind, opened.data.pay_id);

  return (
    <Page title={opened.data ? `${title} ${opened.data.pay_ref}` : title}>
      {mobile && (
        <Segmented
          label={title}
          className="invoice-sections"
          value={section}
          onChange={setSection}
          options={[
            { value: 'setup', label: salesText.sectionSetup },
            {
              value: 'items',
              label: (
                <>
                  {salesText.sectionItems} (<bdi className="num">{invoice.lines.length}</bdi>)
                </>
              ),
            },
            { value: 'totals', label: salesText.sectionTotals },
          ]}
        />
      )}
      <form
        ref={formRef}
        className={mobile ? 'invoice mobile' : 'invoice'}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        onPointerDown={() => {
          userActed.current = true;
        }}
        onKeyDown={(e) => {
          userActed.current = true;
          if (isSaveKey(e)) {
            e.preventDefault();
            void submit();
          } else enterMovesOn(e);
        }}
      >
        <div className="invoice-header" hidden={hiddenOnPhone('setup')}>
          <CustomerPicker
            storeId={storeId}
            label={salesText.partyAccount[screen.party]}
            party={screen.party}
            value={invoice.cust_id}
            onChange={(cust_id) => change({ cust_id })}
            onChosen={() => focusField('item_search', true)}
          />
          {screen.draftKind && (
            <div className="field">
              <span>{salesText.type}</span>
              <Segmented
                label={salesText.type}
                value={invoice.final ? 'final' : 'preliminary'}
                onChange={(type) => change({ final: type === 'final' })}
                options={[
                  { value: 'preliminary', label: salesText.preliminary },
                  { value: 'final', label: salesText.final },
                ]}
              />
            </div>
          )}
          <DateField
            label={salesText.date}
            name="pay_date"
            value={invoice.pay_date}
            onChange={(pay_date) => change({ pay_date })}
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
          {/* A part that fails to draw shows a message; the invoice and what was typed stay. */}
          <ErrorBoundary resetKey={invoice}>
            <InvoiceLines
              lines={invoice.lines}
              onChange={(i, c) => setInvoice((current) => changeLine(current, i, c))}
              onRemove={(i) => setInvoice((current) => removeLine(current, i))}
            />
          </ErrorBoundary>
        </div>
        <ErrorBoundary resetKey={invoice}>
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
        </ErrorBoundary>
        <div className="toolbar-row" hidden={hiddenOnPhone('totals')}>
          <IonButton type="submit" disabled={save.isPending} data-testid="save-invoice">
            {salesText.save}
          </IonButton>
          {opened.data && convertsByButton && (
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
