/**
 * The device's queue of sales at work (docs/offline.md): keep a sale (outboxStore.ts), send the waiting ones with
 * one tab at a time holding the lock (Web Locks), tell every tab how many wait, and send again when the network
 * comes back and every half minute while any wait.
 */
import { type BodyOf, routes, type TradeDocumentWithLines } from '@mizan/contract';
import { ApiError, call, errorMessage } from '../../app/api.ts';
import { refreshStore } from '../../app/queryClient.ts';
import { tillOfSale } from '../shifts/till.ts';
import { offlineText } from './offlineText.ts';
import {
  type OutboxSale,
  type PendingReceipt,
  type SaleBody,
  type SendMany,
  type SendReport,
  sendWaiting,
} from './outbox.rules.ts';
import { allSales, indexedDbOutbox, keepSale, newKey } from './outboxStore.ts';

export type { OutboxSale, SendReport };
export { allSales, newKey };

/** A send that got no answer in this time is taken as lost; sent again later with its key, it is booked once. */
export const SEND_TIMEOUT_MS = 15_000;
const RETRY_EVERY_MS = 30_000;
const LOCK = 'mizan-outbox';

export type OutboxCounts = { waiting: number; setAside: number };
let counts: OutboxCounts = { waiting: 0, setAside: 0 };
const listeners = new Set<() => void>();
const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(LOCK) : undefined;

const countsOf = (sales: OutboxSale[]) => ({
  waiting: sales.filter((s) => s.state === 'waiting').length,
  setAside: sales.filter((s) => s.state === 'setAside').length,
});

/** Reads the counts again and tells this tab's listeners (and, unless told by one, the other tabs). */
export async function refreshCounts(fromOtherTab = false) {
  const next = countsOf(await allSales().catch(() => []));
  if (!fromOtherTab) channel?.postMessage('changed');
  if (next.waiting === counts.waiting && next.setAside === counts.setAside) return;
  counts = next;
  for (const listener of listeners) listener();
}
channel?.addEventListener('message', () => void refreshCounts(true));

export const outboxCounts = () => counts;
export function subscribeOutbox(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Keeps a sale on the device with its key and the device's next number, before anything is sent or printed.
 * `body` is the request of pay/createWithItems without its key and device.
 */
export async function queueSale(input: {
  storeId: number;
  yearId: number;
  body: Omit<SaleBody, 'idempotency_key' | 'device'>;
  receipt: PendingReceipt;
}): Promise<OutboxSale> {
  const key = newKey();
  const sale = await keepSale((device) => ({
    key,
    counter: device.counter,
    storeId: input.storeId,
    // It carries the device's till and the shift open on it, so it stays that shift's when sent later.
    body: {
      ...input.body,
      invoice: { ...input.body.invoice, yearId: input.yearId, ...tillOfSale(input.storeId) },
      idempotency_key: key,
      device,
    },
    receipt: input.receipt,
    madeAt: new Date().toISOString(),
    state: 'waiting',
    tries: 0,
  }));
  void refreshCounts();
  return sale;
}

const timeout = () =>
  new Promise<never>((_, reject) =>
    setTimeout(() => reject(Object.assign(new Error('timeout'), { status: 0 })), SEND_TIMEOUT_MS),
  );

async function send(sale: OutboxSale): Promise<TradeDocumentWithLines> {
  const answer = await Promise.race([call(routes.pay.createWithItems, { body: sale.body }), timeout()]);
  const [saved] = answer.data;
  if (!saved) throw Object.assign(new Error('empty answer'), { status: 500 });
  return saved;
}

type DeviceSale = BodyOf<typeof routes.deviceSales.send>['sales'][number];

/** Several waiting sales in one call (`pay/createDeviceSales`); each answer as the single call would have failed. */
const sendMany: SendMany = async (sales, invoiceFor) => {
  // Every kept sale carries its key and its device's number (queueSale). The invoices are asked for whole only for
  // the cashier's own sale: the server then reads no other back after saving it.
  const body = {
    sales: sales.map((sale) => sale.body as DeviceSale),
    invoices_for: invoiceFor === undefined ? [] : [invoiceFor],
  };
  const answer = await Promise.race([call(routes.deviceSales.send, { body }), timeout()]);
  return answer.data.map((result) =>
    'pay_id' in result
      ? { key: result.idempotency_key, saved: { pay_id: result.pay_id, pay_ref: result.pay_ref, doc: result.doc } }
      : {
          key: result.idempotency_key,
          error: new ApiError(result.status, result.error.code, result.error.message, result.error.fields, result),
        },
  );
};

/** The Arabic reason a refused sale is set aside with: the server's own message for its code. */
const reasonOf = (error: unknown) => offlineText.refusedReason(errorMessage(error));

/** One run per tab at a time; the lock makes it one tab at a time (another tab's run is waited for). */
let running: Promise<SendReport> | undefined;
async function underLock<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  // Web Locks exist on secure pages (https, localhost); elsewhere the tab's own run is the only guard.
  return locks ? (locks.request(LOCK, run) as Promise<T>) : run();
}

/**
 * Sends the store's waiting sales, oldest first (see sendWaiting). `withdrawOnRefusal`: the key of the sale the
 * cashier just made, given back instead of set aside when the server refuses it.
 */
export async function syncOutbox(storeId: number, withdrawOnRefusal?: string): Promise<SendReport> {
  while (running) await running.catch(() => undefined);
  running = underLock(() => sendWaiting(indexedDbOutbox, send, storeId, { withdrawOnRefusal, reasonOf, sendMany }));
  try {
    const report = await running;
    if (report.saved.size > 0) void refreshStore(storeId);
    return report;
  } finally {
    running = undefined;
    void refreshCounts();
  }
}

/**
 * While signed in to a store: send when the network comes back, and every half minute while sales wait. Answers
 * the function that stops it.
 */
export function keepSyncing(storeId: number): () => void {
  const sync = () => {
    if (counts.waiting > 0) void syncOutbox(storeId).catch(() => undefined);
  };
  void refreshCounts().then(sync);
  window.addEventListener('online', sync);
  const timer = setInterval(sync, RETRY_EVERY_MS);
  return () => {
    window.removeEventListener('online', sync);
    clearInterval(timer);
  };
}

/** What became of a sale the cashier just made. */
export type SaleOutcome =
  | { kind: 'saved'; doc: TradeDocumentWithLines }
  /** Kept on the device, not yet booked (no network, no answer yet): its receipt says it waits. */
  | { kind: 'kept'; sale: OutboxSale }
  /** Refused at once and given back: the cashier corrects the sale on screen. */
  | { kind: 'refused'; error: unknown }
  /** Refused, but a later sale already has a number: set aside for review. */
  | { kind: 'setAside'; error: unknown }
  /** The device could not keep it (no IndexedDB): nothing was sent. */
  | { kind: 'notKept' };

/**
 * A sale made on the POS or the phone (docs/offline.md): kept on the device with its key and number first, then sent
 * with the sales waiting before it. Answers within the send's time limit; a sale still on its way stays kept and is
 * sent on (or answered by the server's key check if it did arrive).
 */
export async function sellThroughOutbox(input: Parameters<typeof queueSale>[0]): Promise<SaleOutcome> {
  let sale: OutboxSale;
  try {
    sale = await queueSale(input);
  } catch {
    return { kind: 'notKept' };
  }
  const gaveUp = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), SEND_TIMEOUT_MS));
  const report = await Promise.race([syncOutbox(input.storeId, sale.key).catch(() => undefined), gaveUp]);
  // Asked for whole (`invoices_for`); were it answered by its id only, it prints as kept, and its receipt asked for
  // later finds the booked invoice (outboxStore's `remove`).
  const saved = report?.saved.get(sale.key)?.doc;
  if (saved) return { kind: 'saved', doc: saved };
  const refused = report?.refused.get(sale.key);
  if (refused)
    return refused.withdrawn ? { kind: 'refused', error: refused.error } : { kind: 'setAside', error: refused.error };
  return { kind: 'kept', sale };
}

/**
 * How many sales on the device wait to be sent, read from the device. Set-aside ones are not counted: they wait for
 * a user who may put them right (a manager resends or removes them), who signs in on this device to do so.
 */
export async function waitingCount(): Promise<number> {
  return countsOf(await allSales().catch(() => [])).waiting;
}
