/**
 * The fault-injection run of issue 21 (docs/offline.md): the outbox's own loop (`sendWaiting`) sends a device's
 * sales to a real server while the network drops requests before and after the server saved them, delivers some
 * twice and some late (after later sales), and a tab is killed at random steps, its state read again from the
 * device's storage by the tab that replaces it. Two tabs send from one device's queue at once, without the lock (as on
 * a plain-http address, where Web Locks do not exist), while new sales keep being made. Seeded, so a failing run can be
 * run again as it was. The caller checks the server's side: every sale booked once, the device's numbers complete.
 */
import type { DeviceSaleResult, SaleDevice, TradeDocumentWithLines } from '@mizan/contract';
import {
  type BatchAnswer,
  type OutboxSale,
  type OutboxStorage,
  type SaleBody,
  type SendMany,
  sendWaiting,
} from './outbox.rules.ts';

/** Posts a sale to the server: its saved document, or throws an error with the answer's `status` (and `code`). */
export type PostSale = (body: SaleBody) => Promise<TradeDocumentWithLines>;
/**
 * Posts several sales in one call (`pay/createDeviceSales`): each answered one's key with its document or its
 * error (with `status` and `code`), or throws as `PostSale` does when the call itself is refused.
 */
export type PostSales = (bodies: SaleBody[]) => Promise<BatchAnswer[]>;

/** One result of `pay/createDeviceSales` as the loop takes it: an error carries its `status` and `code`. */
export function batchAnswerOf(result: DeviceSaleResult): BatchAnswer {
  return 'pay_id' in result
    ? { key: result.idempotency_key, saved: { pay_id: result.pay_id, pay_ref: result.pay_ref, doc: result.doc } }
    : {
        key: result.idempotency_key,
        error: Object.assign(new Error(result.error.message), { status: result.status, code: result.error.code }),
      };
}

export type FaultRunOptions = {
  sales: number;
  seed: number;
  storeId: number;
  deviceId: string;
  /** The body of a new sale with its key and its device's number. */
  bodyOf: (key: string, device: SaleDevice) => SaleBody;
  post: PostSale;
  /** Given, the tabs send several waiting sales in one call (each such call meets the same faults as one sale's). */
  postMany?: PostSales;
  /** Sales a call of `postMany` takes at most (the app's 25 unless told). */
  perCall?: number;
  /** Chances per request (drops, duplicates, late copies) and per storage or send step (a tab killed). */
  rates?: Partial<typeof defaultRates>;
  /** Tabs sending at once (2 unless told). */
  tabs?: number;
  /** Every sale kept before the first send (a device offline all day), instead of a few more each round. */
  keptFirst?: boolean;
  /** Told after each round (a long run's progress). */
  onRound?: (state: { made: number; waiting: number; requests: number; ms: number }) => void;
};

const defaultRates = { dropBefore: 0.08, dropAfter: 0.08, duplicate: 0.08, late: 0.08, killTab: 0.01 };

export type FaultRunReport = {
  requests: number;
  /** Of the requests, those that sent several sales in one call. */
  batches: number;
  dropsBefore: number;
  dropsAfter: number;
  duplicates: number;
  lateCopies: number;
  tabsKilled: number;
  rounds: number;
  /** Answers the server should never give to a sale of this run (a refusal), with the sale's number. */
  refusals: { counter: number; status: number; code: string }[];
  /** Sales left on the device: none waits and none is set aside when the run ends well. */
  leftOnDevice: OutboxSale[];
  ms: number;
};

/** A small seeded generator (mulberry32): the same seed gives the same run. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * The device's storage as IndexedDB keeps it, shared by its tabs: a sale and its number are kept in one step (one
 * read-write transaction in outboxStore.ts), so two tabs never take one number.
 */
function deviceStorage() {
  const sales = new Map<string, OutboxSale>();
  let last = 0;
  const storage: OutboxStorage = {
    waiting: async (storeId) =>
      [...sales.values()]
        .filter((s) => s.state === 'waiting' && s.storeId === storeId)
        .sort((a, b) => a.counter - b.counter),
    remove: async (key) => void sales.delete(key),
    setAside: async (key, reason) => {
      const sale = sales.get(key);
      if (sale) sales.set(key, { ...sale, state: 'setAside', reason });
    },
    noteTry: async (key) => {
      const sale = sales.get(key);
      if (!sale) return 0;
      sales.set(key, { ...sale, tries: sale.tries + 1 });
      return sale.tries + 1;
    },
    withdraw: async () => false,
  };
  const keep = (make: (counter: number) => OutboxSale) => {
    last += 1;
    const sale = make(last);
    sales.set(sale.key, sale);
  };
  return { storage, keep, sales };
}

type Fault = 'dropBefore' | 'dropAfter' | 'duplicate' | 'late';
/** Which fault (if any) a request meets, for a draw in [0, 1): each takes its rate's share, in this order. */
function faultOf(draw: number, rates: typeof defaultRates): Fault | undefined {
  let bound = 0;
  for (const fault of ['dropBefore', 'dropAfter', 'duplicate', 'late'] as const) {
    bound += rates[fault];
    if (draw < bound) return fault;
  }
  return undefined;
}

class TabKilled extends Error {}
const noAnswer = () => Object.assign(new Error('no answer'), { status: 0 });

export async function runFaultedSync(options: FaultRunOptions): Promise<FaultRunReport> {
  const started = performance.now();
  const rates = { ...defaultRates, ...options.rates };
  const random = seededRandom(options.seed);
  const chance = (p: number) => random() < p;
  const device = deviceStorage();
  const report: FaultRunReport = {
    requests: 0,
    batches: 0,
    dropsBefore: 0,
    dropsAfter: 0,
    duplicates: 0,
    lateCopies: 0,
    tabsKilled: 0,
    rounds: 0,
    refusals: [],
    leftOnDevice: [],
    ms: 0,
  };
  /** Copies of requests still on their way, delivered after later ones. */
  const late: (() => Promise<unknown>)[] = [];

  const refused = (error: unknown, counter: number) => {
    const { status = 0, code = '' } = error as { status?: number; code?: string };
    if (status !== 0) report.refusals.push({ counter, status, code });
  };
  const post = async (body: SaleBody) => {
    report.requests++;
    try {
      return await options.post(body);
    } catch (error) {
      refused(error, body.device?.counter ?? 0);
      throw error;
    }
  };
  const postMany = async (bodies: SaleBody[]) => {
    if (!options.postMany) throw new Error('no postMany');
    report.requests++;
    report.batches++;
    try {
      const answers = await options.postMany(bodies);
      const counterOf = new Map(bodies.map((body) => [body.idempotency_key, body.device?.counter ?? 0]));
      for (const answer of answers) if ('error' in answer) refused(answer.error, counterOf.get(answer.key) ?? 0);
      return answers;
    } catch (error) {
      refused(error, bodies[0]?.device?.counter ?? 0);
      throw error;
    }
  };
  const deliverLate = async (all: boolean) => {
    while (late.length > 0 && (all || chance(0.5))) {
      const request = late.splice(Math.floor(random() * late.length), 1)[0];
      if (request) await request().catch(() => undefined);
    }
  };

  /** One tab: the outbox's storage and its sends, dead from the step it is killed at on. */
  const openTab = () => {
    const tab = { dead: false };
    const step = () => {
      if (!tab.dead && chance(rates.killTab)) {
        tab.dead = true;
        report.tabsKilled++;
      }
      if (tab.dead) throw new TabKilled();
    };
    /** A step of the tab's storage: the tab may die just before it. */
    const stepped =
      <A extends unknown[], R>(action: (...args: A) => Promise<R>) =>
      (...args: A) => {
        step();
        return action(...args);
      };
    const storage: OutboxStorage = {
      waiting: stepped(device.storage.waiting),
      remove: stepped(device.storage.remove),
      setAside: stepped(device.storage.setAside),
      noteTry: stepped(device.storage.noteTry),
      withdraw: stepped(device.storage.withdraw),
    };
    /** One request (a sale's, or several sales' in one call) through the network's faults. */
    const through = async <T>(request: () => Promise<T>): Promise<T> => {
      step();
      const fault = faultOf(random(), rates);
      if (fault === 'dropBefore') {
        report.dropsBefore++;
        throw noAnswer();
      }
      if (fault === 'dropAfter') {
        report.dropsAfter++;
        await request().catch(() => undefined);
        throw noAnswer();
      }
      if (fault === 'duplicate') {
        report.duplicates++;
        const [first] = await Promise.all([request(), request()]);
        step();
        return first;
      }
      if (fault === 'late') {
        // Held on the way: it reaches the server after later requests, or never if a retry got there first.
        report.lateCopies++;
        late.push(request);
        throw noAnswer();
      }
      const answer = await request();
      // Killed here, the tab never removes the sales it just booked: the next tab sends them again.
      step();
      return answer;
    };
    const send = (sale: OutboxSale) => through(() => post(sale.body));
    const sendMany: SendMany | undefined = options.postMany
      ? (sales) => through(() => postMany(sales.map((sale) => sale.body)))
      : undefined;
    const run = () =>
      sendWaiting(storage, send, options.storeId, {
        reasonOf: (error) => String((error as Error).message),
        sendMany,
        perCall: options.perCall,
      }).then(
        () => tab.dead,
        (error: unknown) => {
          if (error instanceof TabKilled) return true;
          throw error;
        },
      );
    return { run };
  };

  let tabs = Array.from({ length: options.tabs ?? 2 }, openTab);
  let made = 0;
  const makeSales = (count: number) => {
    for (let i = 0; i < count && made < options.sales; i++, made++)
      device.keep((counter) => {
        const key = `${options.deviceId}-${counter}`;
        return {
          key,
          counter,
          storeId: options.storeId,
          body: options.bodyOf(key, { id: options.deviceId, counter }),
          receipt: {} as OutboxSale['receipt'],
          madeAt: new Date().toISOString(),
          state: 'waiting',
          tries: 0,
        };
      });
  };

  const waitingCount = async () => (await device.storage.waiting(options.storeId)).length;
  const progress = options.onRound ?? (() => undefined);
  // Each round: some sales are made, both tabs send at once, some late copies arrive; a killed tab is replaced by
  // a new one that knows only what the device kept.
  for (; made < options.sales || (await waitingCount()) > 0 || late.length > 0; report.rounds++) {
    if (report.rounds > options.sales * 20) throw new Error('the run does not end: sales are never booked');
    makeSales(options.keptFirst ? options.sales : 1 + Math.floor(random() * 40));
    const killed = await Promise.all(tabs.map((tab) => tab.run()));
    tabs = tabs.map((tab, i) => (killed[i] ? openTab() : tab));
    await deliverLate(made >= options.sales);
    progress({ made, waiting: await waitingCount(), requests: report.requests, ms: performance.now() - started });
  }
  report.leftOnDevice = [...device.sales.values()];
  report.ms = performance.now() - started;
  return report;
}
