/**
 * Selling offline (issue 21, docs/offline.md): the device's queue of sales, as plain data and the one loop that
 * sends it. A sale is kept on the device, with its key (a UUID, the save's idempotency key) and the device's next
 * number, before its receipt prints; the loop sends the store's waiting sales oldest first (several in one call
 * when several wait, `pay/createDeviceSales`), and a
 * sale the server refuses is set aside with the server's reason, so it never holds back the ones after it.
 */
import type { BodyOf, routes, TradeDocumentWithLines } from '@mizan/contract';

export type SaleBody = BodyOf<typeof routes.pay.createWithItems>;

/** What the receipt of a sale that waits prints: the figures the screen computed with the contract's rules. */
export type PendingReceipt = {
  pay_date: string;
  pay_time: string;
  sub_name: string;
  user_name: string;
  tot_pr: string;
  discount: string;
  taxTot: string;
  total_with_vat: string;
  pay: string;
  changee: string;
  items: { id: number; item_name: string; quantity: string; pay_price: string; tot: string }[];
};

export type OutboxSale = {
  /** The save's idempotency key: the server books it once, however often it is sent. */
  key: string;
  /** The device's number of this sale: 1, 2, 3, ... with no gap, given when it was kept. */
  counter: number;
  storeId: number;
  /** The body sent, the key, the device and the year in it. */
  body: SaleBody;
  receipt: PendingReceipt;
  /** When it was kept (ISO). */
  madeAt: string;
  /** `setAside`: refused by the server, waiting for a person (`reason` says why, in Arabic). */
  state: 'waiting' | 'setAside';
  reason?: string;
  /** How many sends failed without an answer (the network, a server fault). */
  tries: number;
};

/** What the loop needs of the device's storage (IndexedDB in the app, a map in the tests). */
export interface OutboxStorage {
  /** The store's waiting sales, oldest (lowest number) first. */
  waiting(storeId: number): Promise<OutboxSale[]>;
  /** A sale the server booked (as invoice `payId`): gone from the queue. */
  remove(key: string, payId: number): Promise<void>;
  setAside(key: string, reason: string): Promise<void>;
  /** One more failed try; answers how many now. */
  noteTry(key: string): Promise<number>;
  /**
   * Takes back a sale the cashier is still looking at (refused at once): removed, and its number given back when it
   * is still the device's last. Answers false (and changes nothing) when a later sale has a number already.
   */
  withdraw(key: string): Promise<boolean>;
}

/**
 * The sales the sync screen lists: every set-aside one (a person must act on it) and the `limit` oldest waiting
 * ones, oldest first. A device offline for days may hold thousands; drawing 5,000 rows took the screen over 20 s.
 */
export function listedSales(sales: OutboxSale[], limit: number): OutboxSale[] {
  let waiting = 0;
  return [...sales]
    .sort((a, b) => a.counter - b.counter)
    .filter((sale) => sale.state === 'setAside' || waiting++ < limit);
}

/** How a failed send is taken: try again later, wait for a sign-in, or a refusal (set the sale aside). */
export type Failure = 'retry' | 'signIn' | 'refused';

/** A server fault (500) may be passing: tried this often before the sale is set aside for review. */
export const FAULT_TRIES = 3;

export function failureOf(error: unknown, tries: number): Failure {
  const status = typeof error === 'object' && error !== null && 'status' in error ? Number(error.status) : 0;
  // No answer (no network, a timeout), a proxy or a database that is down, a limit: the sale is not refused.
  if (!status || status === 408 || status === 429 || status === 502 || status === 503 || status === 504) return 'retry';
  if (status === 401) return 'signIn';
  if (status >= 500 && tries + 1 < FAULT_TRIES) return 'retry';
  return 'refused';
}

/**
 * A booked sale as the server answered it: its invoice's id and reference, and the invoice itself when it was asked
 * for (a single send's answer is always the whole invoice; a call of several answers only the cashier's own whole).
 */
export type BookedSale = { pay_id: number; pay_ref: string; doc?: TradeDocumentWithLines | undefined };

export type SendReport = {
  saved: Map<string, BookedSale>;
  /** Refused in this run: set aside, or (`withdrawn`) given back to the cashier who is still at the sale. */
  refused: Map<string, { error: unknown; withdrawn: boolean }>;
  /** Why the loop stopped before the queue was empty: no answer (try later) or the session ended. */
  stopped?: 'retry' | 'signIn';
};

/** What the server answered for one sale of a batch (`pay/createDeviceSales`): booked, or why not. */
export type BatchAnswer = { key: string } & ({ saved: BookedSale } | { error: unknown });

/**
 * Sends several sales in one call, oldest first; answers each sale the server tried, in order (the server stops at a
 * sale it could not try, and the sales after it have no answer). Throws, as a single send does, when the call itself
 * gets no answer or is refused whole.
 */
export type SendMany = (sales: OutboxSale[], invoiceFor: string | undefined) => Promise<BatchAnswer[]>;

/** Sales sent in one call at most (the contract's DEVICE_SALES_PER_CALL). */
export const SALES_PER_CALL = 25;

type Options = {
  withdrawOnRefusal?: string | undefined;
  reasonOf: (error: unknown) => string;
  /** Sends several waiting sales in one call; without it, or when a call is refused whole, one at a time. */
  sendMany?: SendMany | undefined;
  /** Sales a call takes at most (`SALES_PER_CALL`; the fault run takes fewer, so its faults meet more calls). */
  perCall?: number | undefined;
};

/**
 * Sends the store's waiting sales, oldest first, until none waits or one gets no answer: several in one call when
 * several wait (`sendMany`), else one at a time. Run by one tab at a time (outbox.ts holds the lock).
 * `withdrawOnRefusal`: the key of the sale the cashier just made; refused, it is given back to the screen instead of
 * set aside (the cashier corrects it there).
 */
export async function sendWaiting(
  storage: OutboxStorage,
  send: (sale: OutboxSale) => Promise<TradeDocumentWithLines>,
  storeId: number,
  { withdrawOnRefusal, reasonOf, sendMany, perCall = SALES_PER_CALL }: Options,
): Promise<SendReport> {
  const report: SendReport = { saved: new Map(), refused: new Map() };
  const tried = new Set<string>();
  let oneAtATime = sendMany === undefined;
  /** A sale the server refused: given back to the cashier (their sale, at its first send), else set aside. */
  const refuse = async (sale: OutboxSale, error: unknown) => {
    // Only a sale refused at its first send: one sent before without an answer may be saved under its number.
    const withdrawn = sale.key === withdrawOnRefusal && sale.tries === 0 && (await storage.withdraw(sale.key));
    if (!withdrawn) await storage.setAside(sale.key, reasonOf(error));
    report.refused.set(sale.key, { error, withdrawn });
  };
  for (;;) {
    // Read again each time: a sale kept meanwhile (this tab or another) joins the end of the queue.
    const queue = (await storage.waiting(storeId)).filter((sale) => !tried.has(sale.key));
    const batch = queue.slice(0, oneAtATime ? 1 : perCall);
    const [next] = batch;
    if (!next) return report;
    for (const sale of batch) tried.add(sale.key);
    if (batch.length === 1 || !sendMany) {
      try {
        const saved = await send(next);
        await storage.remove(next.key, saved.pay_id);
        report.saved.set(next.key, { pay_id: saved.pay_id, pay_ref: saved.pay_ref, doc: saved });
      } catch (error) {
        const failure = failureOf(error, next.tries);
        if (failure === 'refused') {
          await refuse(next, error);
          continue;
        }
        if (failure === 'retry') await storage.noteTry(next.key);
        report.stopped = failure;
        return report;
      }
      continue;
    }

    let answers: BatchAnswer[];
    try {
      // Only the cashier's own sale is answered whole (its receipt prints from it); the others by their id.
      answers = await sendMany(batch, withdrawOnRefusal);
    } catch (error) {
      const failure = failureOf(error, next.tries);
      if (failure === 'refused') {
        // Refused whole (a sale the call's schema refuses, a server without the call): each is sent by itself, so
        // each gets its own answer.
        oneAtATime = true;
        for (const sale of batch) tried.delete(sale.key);
        continue;
      }
      // No answer: any of them may be booked, so none may be given back as never sent.
      if (failure === 'retry') for (const sale of batch) await storage.noteTry(sale.key);
      report.stopped = failure;
      return report;
    }
    const byKey = new Map(answers.map((answer) => [answer.key, answer]));
    for (const sale of batch) {
      const answer = byKey.get(sale.key);
      // Not tried by the server (it stopped at an earlier one): it waits, untouched, for the next run.
      if (!answer) {
        report.stopped = 'retry';
        return report;
      }
      if ('saved' in answer) {
        await storage.remove(sale.key, answer.saved.pay_id);
        report.saved.set(sale.key, answer.saved);
        continue;
      }
      const failure = failureOf(answer.error, sale.tries);
      if (failure === 'refused') {
        await refuse(sale, answer.error);
        continue;
      }
      if (failure === 'retry') await storage.noteTry(sale.key);
      report.stopped = failure;
      return report;
    }
  }
}
