import {
  DEFAULT_SCALE_LAYOUT,
  invoiceDraftProblem,
  kindOf,
  messagesAr,
  NO_VAT,
  normalizeNumberInput,
  routes,
  type StockRow,
  scaleLayoutOf,
  vatTermsOf,
} from '@mizan/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, call, currentYearId } from '../../app/api.ts';
import { formatDecimal } from '../../app/format.ts';
import { useIonAlert } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';
import { searchTerm } from '../../ui/searchTerm.ts';
import { useTypedChoice } from '../../ui/typedChoice.ts';
import { useNotify } from '../../ui/useNotify.ts';
import { useSession } from '../auth/AuthProvider.tsx';
import { salesScreen } from '../invoices/documentScreens.ts';
import { figures, toRequest } from '../invoices/invoiceForm.ts';
import { salesText } from '../invoices/salesText.ts';
import { saveSteps } from '../invoices/saveInvoice.ts';
import { knownParty, useKeptPartyNames, useWalkInCustomer } from '../invoices/useParties.ts';
import { type SavedInvoice, salesKeys, shortagesOf, useSaveInvoice } from '../invoices/useSales.ts';
import { searchCatalogue } from '../offline/deviceCache.rules.ts';
import { copyCatalogue, readCatalogue } from '../offline/deviceCache.ts';
import { offlineText } from '../offline/offlineText.ts';
import { newKey, sellThroughOutbox } from '../offline/outbox.ts';
import { localTime, pendingReceiptOf } from '../offline/pendingReceipt.ts';
import { useCustomerPricing } from '../priceLists/usePriceLists.ts';
import { storesQuery, useCompany, useStores } from '../settings/useSettings.ts';
import { PosCatalogue } from './PosCatalogue.tsx';
import { PosLine } from './PosLine.tsx';
import { PosPayment, PosTotals } from './PosPayment.tsx';
import { PosScanBar } from './PosScanBar.tsx';
import { exactItem, labelItem, type PayMethod, payMethodOf, scaleLine, withPayment } from './posCart.ts';
import { posText as text } from './posText.ts';
import { type CartItem, usePosCart } from './usePosCart.ts';

/** Where a tap must not send the focus back to the scanner field: fields, choices and dialogs keep it. */
const keepsFocus = 'input, textarea, select, ion-select, ion-alert, ion-modal, [role="listbox"], .pos-discount';

/**
 * The touch POS (folder/pos-sales): a counter screen for a touch screen, a tablet or a phone. Items as tiles by
 * category or brand, a scanner field that is always ready (a scale label adds its weight or price), a cart with
 * +/−, a line discount and remove, and cash, card or credit. It sells through the sales invoice itself: the same
 * draft and figures (features/invoices/invoiceForm.ts), the same save (pay/createWithItems, its checks, its
 * reference and its idempotency key), the same print. The page holds the sale and its save; its parts draw it:
 * PosScanBar (the scanner field), PosCatalogue (the tiles), PosLine (a line of the cart), PosTotals and PosPayment.
 */
export default function PosPage({ title }: { title: string }) {
  const { storeId, user } = useSession();
  const navigate = useNavigate();
  const notify = useNotify();
  const [presentAlert] = useIonAlert();
  const queryClient = useQueryClient();
  // The walk-in customer by a small read; the store's party names kept on the device for selling offline.
  const walkIn = useWalkInCustomer(storeId, kindOf('pay').walkInCustomer === true).data?.id;
  useKeptPartyNames(storeId, true);
  const store = useStores().data?.find((s) => s.id === storeId);
  const layout = store ? scaleLayoutOf(store) : DEFAULT_SCALE_LAYOUT;

  const cart = usePosCart();
  const { sale, setSale, listPrices, discounting, setDiscounting } = cart;
  // The customer chosen for a credit sale buys at his price list's prices: the cart follows him.
  const pricing = useCustomerPricing(storeId, sale.cust_id, setSale);
  const [method, setMethod] = useState<PayMethod>('cash');
  const [received, setReceived] = useState('');
  const [saveKey, setSaveKey] = useState(() => newKey());
  const [term, setTerm] = useState('');
  const [unknown, setUnknown] = useState<string | undefined>();
  const [lastSale, setLastSale] = useState<{ ref: string; change: string } | undefined>();
  const scanRef = useRef<HTMLInputElement>(null);
  const cartRef = useRef<HTMLElement>(null);
  const saving = useRef(false);
  const typedParty = useTypedChoice();
  const [busy, setBusy] = useState(false);
  const save = useSaveInvoice(storeId);
  // The device's copy of the store's items (docs/offline.md): read at once, copied again while online.
  const [catalogue, setCatalogue] = useState<StockRow[]>([]);
  useEffect(() => {
    let current = true;
    void readCatalogue(storeId).then((rows) => current && rows.length > 0 && setCatalogue(rows));
    void copyCatalogue(storeId)
      .then((rows) => current && rows && setCatalogue(rows))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [storeId]);

  // The walk-in customer is the party until another is chosen (credit needs another).
  useEffect(() => {
    if (walkIn !== undefined)
      setSale((current) => (current.cust_id === undefined ? { ...current, cust_id: walkIn } : current));
  }, [walkIn, setSale]);
  // VAT as the company charges it, as on the sales screen (docs/vat.md): what is paid is the total with VAT.
  const company = useCompany().data?.[0];
  const vat = company ? vatTermsOf('sale', company) : NO_VAT;
  const draft = withPayment({ ...sale, vat }, method, received);
  const f = figures(draft);

  const focusScan = () => scanRef.current?.focus({ preventScroll: true });
  useEffect(() => {
    scanRef.current?.focus({ preventScroll: true });
  }, []);
  // A tap anywhere but a field gives the focus back to the scanner field: the next scan always lands there.
  const onTap = (event: MouseEvent) => {
    if (!(event.target instanceof Element) || event.target.closest(keepsFocus)) return;
    setTimeout(focusScan, 0);
  };

  const add = (item: CartItem, quantity = '1') => {
    setUnknown(undefined);
    setLastSale(undefined);
    cart.add(item, quantity, pricing.priceOf(item));
  };
  /** The items a code or name finds: the server's answer, or the device's copy without the network. */
  const lookUp = async (wanted: string) => {
    if (!navigator.onLine) return searchCatalogue(catalogue, wanted);
    try {
      return await queryClient.fetchQuery({
        queryKey: salesKeys.itemSearch(storeId, wanted),
        queryFn: async () =>
          (await call(routes.items.searchStock, { query: { store_id: storeId, search: wanted } })).data,
        staleTime: 5_000,
        retry: false,
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 0) return searchCatalogue(catalogue, wanted);
      throw error;
    }
  };

  /**
   * The store's scale-label layout when a label is scanned before the store's settings have come (the POS just
   * opened): read with the default layout, a label of another layout names another item and quantity. Without the
   * network and no kept copy, the default.
   */
  const storeLayout = async () => {
    const stores = await queryClient.ensureQueryData(storesQuery).catch(() => undefined);
    const current = stores?.find((s) => s.id === storeId);
    return current ? scaleLayoutOf(current) : DEFAULT_SCALE_LAYOUT;
  };

  /**
   * Enter in the scanner field: the item whose barcode or code it is; else a scale label (its item by code, its
   * weight or price); else a name that names one item; else the cashier is told the code is unknown.
   */
  async function scan(typed: string) {
    const code = searchTerm(typed).trim();
    if (!code) return;
    setTerm('');
    const found = await lookUp(code);
    const exact = exactItem(found, code);
    if (exact) return add(exact);
    const label = scaleLine(code, store ? layout : await storeLayout());
    if (label) {
      const byCode = await lookUp(label.labelCode.replace(/^0+(?=\d)/, ''));
      const item = labelItem(byCode, label.labelCode);
      const quantity = item && label.quantityOf(item);
      if (item && quantity) return add(item, quantity);
      return setUnknown(text.unknownScale(label.labelCode));
    }
    const [only, ...others] = found;
    if (only && others.length === 0 && /[^\d\s]/.test(code)) return add(only);
    if (found.length > 0 && /[^\d\s]/.test(code)) return setTerm(code);
    setUnknown(text.unknownCode(code));
  }

  function applyDiscount() {
    const applied = cart.applyDiscount();
    if (applied === 'badPercent') return notify.refused(text.badPercent);
    if (applied === 'applied') focusScan();
  }

  function startNew() {
    cart.clear(walkIn);
    setReceived('');
    setMethod('cash');
    setSaveKey(newKey());
    setUnknown(undefined);
    focusScan();
  }

  /** One tap: the sale is saved as a final sales invoice (and printed). */
  async function pay(print: boolean) {
    if (saving.current) return;
    saving.current = true;
    setBusy(true);
    try {
      // A customer typed whole and paid at once (before his search answered) is found now, not refused as missing.
      const custId = (await typedParty.current?.()) ?? sale.cust_id;
      await payFor(
        custId === sale.cust_id ? draft : withPayment({ ...sale, cust_id: custId, vat }, method, received),
        print,
      );
    } finally {
      saving.current = false;
      setBusy(false);
    }
  }
  async function payFor(current: typeof draft, print: boolean) {
    const f = figures(current);
    if (method === 'credit' && (current.cust_id === undefined || current.cust_id === walkIn))
      return notify.refused(text.creditNeedsCustomer);
    if (f.walkInUnpaid) return notify.refused(messagesAr.WALK_IN_UNPAID);
    const problem = invoiceDraftProblem({
      lineCount: current.lines.length,
      partyId: current.cust_id,
      date: current.pay_date,
      totals: f.problem,
    });
    if (problem) return notify.refused(salesText.draftRefused[problem]);
    const request = toRequest(current, saveKey);
    const time = localTime();
    const body = { ...request, invoice: { ...request.invoice, pay_method: payMethodOf(method), pay_time: time } };
    const handedOver = f.changeDue ? `&received=${normalizeNumberInput(received)}` : '';
    // Kept on the device with its number before anything is printed; then sent (docs/offline.md).
    const partyName = knownParty(queryClient, storeId, current.cust_id)?.sub_name ?? '';
    const { idempotency_key: _, ...unkeyed } = body;
    const outcome = await sellThroughOutbox({
      storeId,
      yearId: currentYearId(),
      body: unkeyed,
      receipt: pendingReceiptOf(current, { party: partyName, user: user.full_name }, time),
    });
    if (outcome.kind === 'notKept') return await payOnline(body, print, handedOver);
    if (outcome.kind === 'refused') return refused(outcome.error);
    if (outcome.kind === 'setAside') {
      notify.failed(outcome.error);
      return startNew();
    }
    if (outcome.kind === 'kept') {
      notify.done(offlineText.savedOffline(outcome.sale.counter));
      setLastSale({ ref: offlineText.pendingRef(outcome.sale.counter), change: f.changeDue });
      startNew();
      if (print) navigate(`/pos-reciept?pending=${outcome.sale.key}&width=80${handedOver}`);
      return;
    }
    done(outcome.doc, print, handedOver);
  }

  function done(saved: SavedInvoice, print: boolean, handedOver: string) {
    notify.done(salesText.saved(saved.pay_ref));
    setLastSale({ ref: saved.pay_ref, change: f.changeDue });
    startNew();
    // The counter's printer takes the 80 mm receipt (pos-reciept), not the A4 invoice.
    if (print) navigate(`/pos-reciept?kind=${saved.kind}&id=${saved.pay_id}&width=80${handedOver}`);
  }

  function refused(error: unknown) {
    const shortages = shortagesOf(error);
    if (!shortages.length) return void notify.failed(error);
    void presentAlert({
      header: salesText.shortTitle,
      message: shortages
        .map((s) => salesText.shortLine(s.item_name, s.requested_quantity, s.available_quantity, s.shortage))
        .join('\n'),
      cssClass: 'shortage-alert',
      buttons: [salesText.close],
    });
  }

  /** A device that cannot keep the sale (no IndexedDB, a private window) sells online only, as before. */
  async function payOnline(body: Parameters<typeof saveSteps>[3], print: boolean, handedOver: string) {
    try {
      let saved: SavedInvoice | undefined;
      for (const s of saveSteps(salesScreen, undefined, true, body)) [saved] = await save.mutateAsync(s);
      if (saved) done(saved, print, handedOver);
    } catch (error) {
      refused(error);
    }
  }

  const fullScreen = () => void document.documentElement.requestFullscreen?.().catch(() => undefined);

  return (
    <Page
      title={title}
      actions={
        <button type="button" className="pos-fullscreen" onClick={fullScreen}>
          {text.fullScreen}
        </button>
      }
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the tap only gives the focus back to the scanner field */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: keys go to the scanner field already */}
      <div className="pos" onClick={onTap} data-testid="pos">
        <section className="pos-catalogue">
          <PosScanBar
            storeId={storeId}
            scanRef={scanRef}
            term={term}
            onTerm={setTerm}
            onScan={(code) => void scan(code)}
            onPick={(item) => add(item)}
            onSearchClosed={() => setTimeout(focusScan, 0)}
            unknown={unknown}
          />
          <PosCatalogue storeId={storeId} term={term} catalogue={catalogue} onAdd={add} />
        </section>
        {sale.lines.length > 0 && (
          <div className="pos-phone-bar">
            <span>
              {text.net}: <bdi className="num">{formatDecimal(f.totalWithVat || f.net)}</bdi>
            </span>
            <button type="button" onClick={() => cartRef.current?.scrollIntoView({ behavior: 'smooth' })}>
              {text.toPayment}
            </button>
          </div>
        )}

        <section className="pos-cart" aria-label={text.cart} ref={cartRef}>
          <h2>
            {text.cart} <bdi className="num">({sale.lines.length})</bdi>
          </h2>
          {sale.lines.length === 0 && <p className="pos-empty">{text.emptyCart}</p>}
          <ul className="pos-lines" data-testid="pos-lines">
            {sale.lines.map((line) => (
              <PosLine
                key={line.uid}
                line={line}
                listPrice={listPrices[line.uid]}
                discountPercent={discounting?.uid === line.uid ? discounting.percent : undefined}
                onRemove={() => cart.remove(line.uid)}
                onStep={(by) => cart.step(line.uid, by)}
                onDiscountPercent={(percent) => setDiscounting({ uid: line.uid, percent })}
                onApplyDiscount={applyDiscount}
              />
            ))}
          </ul>

          <PosTotals f={f} vatCharged={vat.charged} />

          <PosPayment
            storeId={storeId}
            f={f}
            method={method}
            onMethod={(value) => {
              setMethod(value);
              setReceived('');
              if (value !== 'credit' && walkIn !== undefined) setSale((current) => ({ ...current, cust_id: walkIn }));
            }}
            customerId={sale.cust_id === walkIn ? undefined : sale.cust_id}
            onCustomer={(id) => setSale((current) => ({ ...current, cust_id: id }))}
            typedParty={typedParty}
            received={received}
            onReceived={setReceived}
            busy={busy}
            onPay={(print) => void pay(print)}
            lastSale={lastSale}
          />
        </section>
      </div>
    </Page>
  );
}
