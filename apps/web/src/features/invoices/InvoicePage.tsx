import {
  documentVatTerms,
  invoiceDraftProblem,
  isKindToken,
  isTradeKind,
  kindOf,
  kindPermission,
  messagesAr,
  NO_VAT,
  normalizeNumberInput,
  routes,
  vatTermsOf,
} from '@mizan/contract';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { currentYearId } from '../../app/api.ts';
import { formatDecimal } from '../../app/format.ts';
import { lockedUnless, may, mayBackDate, mayChangeDocument, mayOnKind } from '../../app/permissions.ts';
import { queryClient } from '../../app/queryClient.ts';
import { DateField } from '../../ui/DateField.tsx';
import { ErrorBoundary } from '../../ui/ErrorBoundary.tsx';
import { enterMovesOn, isSaveKey } from '../../ui/enterMovesOn.ts';
import { IonButton, useIonAlert } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';
import { PlainField } from '../../ui/PlainField.tsx';
import { Question } from '../../ui/Question.tsx';
import { Segmented } from '../../ui/Segmented.tsx';
import { useTypedChoice } from '../../ui/typedChoice.ts';
import { useNotify } from '../../ui/useNotify.ts';
import { useScreenFocus } from '../../ui/useScreenFocus.ts';
import { useSession } from '../auth/AuthProvider.tsx';
import { copyCatalogue } from '../offline/deviceCache.ts';
import { offlineText } from '../offline/offlineText.ts';
import type { SaleBody } from '../offline/outbox.rules.ts';
import { newKey, sellThroughOutbox } from '../offline/outbox.ts';
import { localTime, pendingReceiptOf } from '../offline/pendingReceipt.ts';
import { useCustomerPricing } from '../priceLists/usePriceLists.ts';
import { useCompany } from '../settings/useSettings.ts';
import { deviceTill } from '../shifts/till.ts';
import { settlePath, settleText } from '../vouchers/settleLink.ts';
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
  typedPercentOf,
} from './invoiceForm.ts';
import { salesText } from './salesText.ts';
import { convertOrderStep, pickedDate, saveSteps } from './saveInvoice.ts';
import { useConfirmedDelete } from './useConfirmedDelete.ts';
import { useInvoiceShortcuts } from './useInvoiceShortcuts.ts';
import { useKeepPriceOffer } from './useKeepPriceOffer.ts';
import { knownParty, useKeptPartyNames, useWalkInCustomer } from './useParties.ts';
import { usePickedStockLines } from './usePickedStockLines.ts';
import { type DocKind, type SavedInvoice, shortagesOf, useInvoice, useSaveInvoice } from './useSales.ts';

const fromSaved = (doc: SavedInvoice, screen: DocumentScreen): DraftInvoice => ({
  cust_id: doc.cust_id,
  final: doc.kind !== screen.draftKind,
  pay_date: doc.pay_date,
  payComment: doc.payComment ?? '',
  nextPay: doc.nextPay ?? '',
  discount: doc.discount,
  // The percent as it was typed, which goes on following the total as it did while typed.
  discountPercent: typedPercentOf(doc.discount_percent),
  pay: doc.pay,
  // What was saved as paid holds (a cash sale's paid amount follows the net only on a new invoice).
  payTyped: true,
  lines: doc.items.map((l) => ({
    uid: String(l.id),
    item_id: l.item_id,
    item_name: l.item_name,
    quantity: l.quantity.replace(/\.?0+$/, ''),
    price: l[screen.price],
    stock: '',
    tax: l.tax,
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
  const { storeId, user } = useSession();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const openedKind: DocKind =
    screen.draftKind && params.get('kind') === screen.draftKind ? screen.draftKind : screen.kind;
  const openedId = params.get('id') ? Number(params.get('id')) : undefined;
  const opened = useInvoice(storeId, openedKind, openedId);
  const [invoice, setInvoice] = useState<DraftInvoice>(emptyInvoice);
  const [saveKey, setSaveKey] = useState(() => newKey());
  const formRef = useRef<HTMLFormElement>(null);
  // A new sale starts with the walk-in customer chosen (screens.md: the counter sells to him most of the day).
  const walkIn = useWalkInCustomer(storeId, kindOf(screen.kind).walkInCustomer === true).data?.id;
  const save = useSaveInvoice(storeId);
  const notify = useNotify();
  const typedParty = useTypedChoice();
  // The phone sells offline from the device's copy of the store's items (docs/offline.md): refreshed on opening.
  const sellsOffline = mobile && screen.kind === 'pay';
  useEffect(() => {
    if (sellsOffline) void copyCatalogue(storeId, { olderThanMs: 5 * 60_000 }).catch(() => undefined);
  }, [sellsOffline, storeId]);
  // And to a known party: the store's party names are kept on the device too (the picker searches them offline).
  useKeptPartyNames(storeId, sellsOffline);
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
      setInvoice({
        ...fromSaved(copied.data, screen),
        final: true,
        pay_date: today(),
        pay: '0',
        payTyped: false,
        nextPay: '',
      });
  }, [copied.data, screen]);
  useEffect(() => {
    if (opened.data) setInvoice(fromSaved(opened.data, screen));
  }, [opened.data, screen]);
  // A document that cannot be read (gone, or another user's to a role without readOthers) says why; it is not
  // offered as a new one to save.
  const openRefused = openedId !== undefined && opened.isError;
  useEffect(() => {
    if (openRefused) notify.failed(opened.error);
  }, [openRefused, opened.error, notify.failed]);
  usePickedStockLines(screen.price, setInvoice);
  // A sale to a customer with a price list takes its prices (docs/price-lists.md); a purchase, the items' own.
  const sells = screen.party === 'customer' && screen.price === 'pay_price';
  const pricing = useCustomerPricing(storeId, sells ? invoice.cust_id : undefined, setInvoice);
  const isNew = !openedId && !copyId;
  const change = (patch: Partial<DraftInvoice>) => setInvoice((current) => ({ ...current, ...patch }));
  // A sale to the walk-in customer is a cash sale: its paid amount follows the net until the cashier types one.
  // VAT as the server's save will charge it (docs/vat.md): an issued invoice opened to edit (or to record a payment)
  // keeps the terms it was issued under and its items' rates; a new one, a copy and a preliminary invoice (or one
  // being made preliminary) take the company's settings of the day.
  const company = useCompany().data?.[0];
  const issued = opened.data && kindOf(openedKind).posting !== 'nothing' && invoice.final ? opened.data : undefined;
  const vat = issued
    ? documentVatTerms(issued)
    : company
      ? vatTermsOf(kindOf(screen.kind).party === 'customer' ? 'sale' : 'purchase', company)
      : NO_VAT;
  const keptRates = useMemo(
    () => (issued ? new Map(issued.items.map((line) => [line.item_id, line.tax])) : undefined),
    [issued],
  );
  const draft: DraftInvoice = {
    ...invoice,
    vat,
    keptRates,
    cashSale: walkIn !== undefined && invoice.cust_id === walkIn,
  };

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
  const afterSave = (saved: SavedInvoice, current: DraftInvoice) => {
    notify.done(salesText.saved(saved.pay_ref));
    // The print shows what was handed over and the change given back; the invoice keeps only the net as paid.
    const received = figures(current).changeDue ? `&received=${normalizeNumberInput(current.pay)}` : '';
    startNew(`/print-modal?kind=${saved.kind}&id=${saved.pay_id}${received}`);
  };
  // The print question's answer: yes prints; no goes straight on to the next sale (the key typed lands there).
  // An edited or copied invoice starts the next one on the new invoice's address: the question comes along with it.
  const [printAsked, setPrintAsked] = useState<string | undefined>(
    () => (location.state as { askPrint?: string } | null)?.askPrint,
  );
  // The same screen kept (a copy saved on folder/sales): the question arrives with the new address's state.
  const askedByAddress = (location.state as { askPrint?: string } | null)?.askPrint;
  useEffect(() => {
    if (askedByAddress) setPrintAsked(askedByAddress);
  }, [askedByAddress]);
  const answerPrint = (yes: boolean) => {
    setPrintAsked(undefined);
    // Answered once: a reload does not ask again.
    if (location.state) navigate(location.pathname, { replace: true, state: null });
    if (yes && printAsked) navigate(printAsked);
    else focusField(startField(walkIn), true);
  };
  /** The next invoice, with the print question about the one just saved. */
  function startNew(askPrint: string) {
    userActed.current = false;
    setInvoice(emptyInvoice(walkIn));
    setSaveKey(newKey());
    setSection('setup');
    if (openedId || copyId) navigate(screen.newPath, { replace: true, state: { askPrint } });
    else setPrintAsked(askPrint);
  }

  async function submit() {
    // One save at a time: a second Ctrl+S while a slow save runs is the same sale.
    if (saving.current) return;
    saving.current = true;
    try {
      // A party typed whole and saved at once (before its search answered) is found now, not refused as missing.
      const custId = invoice.cust_id ?? (await typedParty.current?.());
      await saveDraft(
        custId === invoice.cust_id
          ? draft
          : { ...draft, cust_id: custId, cashSale: walkIn !== undefined && custId === walkIn },
      );
    } catch (error) {
      refused(error);
    } finally {
      saving.current = false;
    }
  }
  async function saveDraft(current: DraftInvoice) {
    const f = figures(current);
    if (f.walkInUnpaid) return notify.refused(messagesAr.WALK_IN_UNPAID);
    if (current.nextPay && current.nextPay < current.pay_date) return notify.refused(salesText.dueBeforeDate);
    const problem = invoiceDraftProblem({
      lineCount: current.lines.length,
      partyId: current.cust_id,
      date: current.pay_date,
      totals: f.problem,
    });
    if (problem) return notify.refused(salesText.draftRefused[problem]);
    const request = toRequest(current, saveKey, screen.price);
    const steps = saveSteps(
      screen,
      opened.data ? { kind: openedKind, pay_id: opened.data.pay_id, pay_date: opened.data.pay_date } : undefined,
      current.final,
      // A new sale is made at this device's till and joins its open shift (docs/shifts.md); an edit keeps its own.
      !opened.data && screen.kind === 'pay'
        ? { ...request, invoice: { ...request.invoice, till: deviceTill() } }
        : request,
    );
    // A new sale on the phone is kept on the device first and sells without the network (docs/offline.md).
    const [only] = steps;
    if (mobile && steps.length === 1 && only?.route === routes.pay.createWithItems) {
      const kept = await sellOnPhone(only.body as SaleBody, current);
      if (kept) return;
    }
    let saved: SavedInvoice | undefined;
    for (const step of steps) [saved] = await save.mutateAsync(step);
    if (saved) afterSave(saved, current);
  }
  function refused(error: unknown) {
    const shortages = shortagesOf(error);
    if (!shortages.length) return void notify.failed(error);
    alert({
      header: salesText.shortTitle,
      message: shortages
        .map((s) => salesText.shortLine(s.item_name, s.requested_quantity, s.available_quantity, s.shortage))
        .join('\n'),
      cssClass: 'shortage-alert',
      buttons: [salesText.close],
    });
  }
  /**
   * The phone's new sale through the device's queue (features/offline/outbox.ts), as the POS sells. Answers false
   * when the device cannot keep it (the screen then saves online as before).
   */
  async function sellOnPhone(body: SaleBody, current: DraftInvoice): Promise<boolean> {
    const time = localTime();
    const { idempotency_key: _, ...unkeyed } = body;
    const partyName = knownParty(queryClient, storeId, current.cust_id)?.sub_name ?? '';
    const outcome = await sellThroughOutbox({
      storeId,
      yearId: currentYearId(),
      body: { ...unkeyed, invoice: { ...unkeyed.invoice, pay_time: time } },
      receipt: pendingReceiptOf(current, { party: partyName, user: user.full_name }, time),
    });
    if (outcome.kind === 'notKept') return false;
    if (outcome.kind === 'saved') afterSave(outcome.doc, current);
    else if (outcome.kind === 'refused') refused(outcome.error);
    else if (outcome.kind === 'setAside') {
      notify.failed(outcome.error);
      startNew('');
    } else {
      notify.done(offlineText.savedOffline(outcome.sale.counter));
      const received = figures(current).changeDue ? `&received=${normalizeNumberInput(current.pay)}` : '';
      startNew(`/pos-reciept?pending=${outcome.sale.key}&width=80${received}`);
    }
    return true;
  }
  const saving = useRef(false);
  const submitNow = useRef(submit);
  submitNow.current = submit;
  useInvoiceShortcuts(formRef, submitNow);
  const offerToKeepPrice = useKeepPriceOffer(storeId, screen.price, alert);

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
  // What the user's role permits of this invoice (another user's, another day's final one), as the server decides.
  const mayChange =
    opened.data !== undefined &&
    mayChangeDocument(user, openedKind, 'delete', opened.data, kindOf(openedKind).posting !== 'nothing', today());
  const maySettle = may(user, 'voucher.create');
  const maySave = opened.data
    ? mayChangeDocument(user, openedKind, 'edit', opened.data, kindOf(openedKind).posting !== 'nothing', today())
    : !openRefused && mayOnKind(user, openedKind, 'create');
  // The kind the invoice is saved as: a role without its back-dating keeps the date it has (today on a new one).
  const savedKind = invoice.final || !screen.draftKind ? screen.kind : screen.draftKind;
  const dateLock = mayBackDate(user, savedKind, kindOf(savedKind).posting !== 'nothing')
    ? { readOnly: false }
    : lockedUnless(user, kindPermission(savedKind, 'backDate'));
  const dateLocked = dateLock.readOnly;
  // A new invoice made final after another date was picked as preliminary goes back to today.
  useEffect(() => {
    if (dateLocked && !openedId && invoice.pay_date !== today())
      setInvoice((current) => ({ ...current, pay_date: today() }));
  }, [dateLocked, openedId, invoice.pay_date]);
  const askDelete = () => opened.data && confirmDelete(openedKind, opened.data.pay_id, opened.data.pay_ref);

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
          if (!isSaveKey(e)) enterMovesOn(e);
        }}
      >
        <div className="invoice-header" hidden={hiddenOnPhone('setup')}>
          <CustomerPicker
            storeId={storeId}
            label={salesText.partyAccount[screen.party]}
            party={screen.party}
            canAddParty={may(user, 'accounts')}
            only={screen.party}
            value={invoice.cust_id}
            onChange={(cust_id) => change({ cust_id })}
            shortcut="F2"
            onChosen={() => focusField('item_search', true)}
            typedParty={typedParty}
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
            {...dateLock}
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
            priceOf={sells ? pricing.priceOf : undefined}
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
              <InvoiceTotals invoice={draft} onChange={change} />
            )}
          </div>
        </ErrorBoundary>
        <div className="toolbar-row" hidden={hiddenOnPhone('totals')}>
          {maySave && (
            <IonButton type="submit" className="save-button" disabled={save.isPending} data-testid="save-invoice">
              {save.isPending ? salesText.saving : salesText.save}
              <kbd>Ctrl+S</kbd>
            </IonButton>
          )}
          {opened.data && convertsByButton && (
            <IonButton fill="outline" onClick={convertOrder} data-testid="convert-order">
              {salesText.convertOrder}
            </IonButton>
          )}
          {opened.data && maySettle && settlePath(opened.data) && (
            <IonButton
              fill="outline"
              data-testid="settle-invoice"
              onClick={() => opened.data && navigate(settlePath(opened.data) ?? '')}
            >
              {settleText[opened.data.kind === 'perch' ? 'perch' : 'pay']}
            </IonButton>
          )}
          {/* A label for each unit received (docs/labels.md); the labels screen reads the purchase itself. */}
          {opened.data?.kind === 'perch' && (
            <IonButton
              fill="outline"
              data-testid="open-labels"
              onClick={() => opened.data && navigate(`/labels?perch=${opened.data.pay_id}`)}
            >
              {salesText.labels}
            </IonButton>
          )}
          {opened.data && mayChange && (
            <IonButton color="danger" fill="outline" onClick={askDelete}>
              {salesText.delete}
            </IonButton>
          )}
        </div>
      </form>
      <Question
        question={printAsked ? { message: salesText.askPrint, yes: salesText.yes, no: salesText.no_ } : undefined}
        onAnswer={answerPrint}
      />
    </Page>
  );
}

export default function SalesPage({ title }: { title: string }) {
  return <InvoicePage title={title} screen={salesScreen} />;
}
