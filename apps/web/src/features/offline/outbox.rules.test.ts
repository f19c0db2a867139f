import type { TradeDocumentWithLines } from '@mizan/contract';
import { describe, expect, it } from 'vitest';
import {
  FAULT_TRIES,
  failureOf,
  listedSales,
  type OutboxSale,
  type OutboxStorage,
  sendWaiting,
} from './outbox.rules.ts';

/** The device's queue in a map, numbered as outboxStore.ts numbers it (the last number given back on withdraw). */
function memoryOutbox(sales: Partial<OutboxSale>[]) {
  const kept = new Map<string, OutboxSale>();
  let last = 0;
  for (const sale of sales) {
    last += 1;
    const key = sale.key ?? `k${last}`;
    kept.set(key, {
      key,
      counter: last,
      storeId: 1,
      body: {} as OutboxSale['body'],
      receipt: {} as OutboxSale['receipt'],
      madeAt: '',
      state: 'waiting',
      tries: 0,
      ...sale,
    });
  }
  const storage: OutboxStorage = {
    waiting: async (storeId) =>
      [...kept.values()]
        .filter((s) => s.state === 'waiting' && s.storeId === storeId)
        .sort((a, b) => a.counter - b.counter),
    remove: async (key) => void kept.delete(key),
    setAside: async (key, reason) => {
      const sale = kept.get(key);
      if (sale) kept.set(key, { ...sale, state: 'setAside', reason });
    },
    noteTry: async (key) => {
      const sale = kept.get(key);
      if (!sale) return 0;
      kept.set(key, { ...sale, tries: sale.tries + 1 });
      return sale.tries + 1;
    },
    withdraw: async (key) => {
      if (kept.get(key)?.counter !== last) return false;
      kept.delete(key);
      last -= 1;
      return true;
    },
  };
  return { storage, kept, last: () => last };
}

const refusal = (status: number, code: string) => Object.assign(new Error(code), { status, code });
const doc = (key: string) => ({ pay_id: 1, pay_ref: `ref-${key}` }) as unknown as TradeDocumentWithLines;
const reasonOf = (error: unknown) => `refused: ${(error as Error).message}`;

describe('sending the waiting sales', () => {
  it('sends oldest first, one at a time, and empties the queue', async () => {
    const { storage, kept } = memoryOutbox([{ key: 'a' }, { key: 'b' }, { key: 'c' }]);
    const sent: string[] = [];
    let inFlight = 0;
    const report = await sendWaiting(
      storage,
      async (sale) => {
        inFlight += 1;
        expect(inFlight).toBe(1);
        sent.push(sale.key);
        await Promise.resolve();
        inFlight -= 1;
        return doc(sale.key);
      },
      1,
      { reasonOf },
    );
    expect(sent).toEqual(['a', 'b', 'c']);
    expect([...report.saved.keys()]).toEqual(['a', 'b', 'c']);
    expect(kept.size).toBe(0);
    expect(report.stopped).toBeUndefined();
  });

  it('a refused sale is set aside with its reason and the later ones are still sent', async () => {
    const { storage, kept } = memoryOutbox([{ key: 'a' }, { key: 'b' }, { key: 'c' }]);
    const report = await sendWaiting(
      storage,
      async (sale) => {
        if (sale.key === 'a') throw refusal(409, 'STOCK_INSUFFICIENT');
        return doc(sale.key);
      },
      1,
      { reasonOf },
    );
    expect([...report.saved.keys()]).toEqual(['b', 'c']);
    expect(kept.get('a')).toMatchObject({ state: 'setAside', reason: 'refused: STOCK_INSUFFICIENT' });
    expect(report.refused.get('a')?.withdrawn).toBe(false);
  });

  it('no answer stops the run and keeps the sale waiting, its try counted; the later ones wait behind it', async () => {
    const { storage, kept } = memoryOutbox([{ key: 'a' }, { key: 'b' }]);
    const sent: string[] = [];
    const report = await sendWaiting(
      storage,
      async (sale) => {
        sent.push(sale.key);
        throw Object.assign(new Error('timeout'), { status: 0 });
      },
      1,
      { reasonOf },
    );
    expect(sent).toEqual(['a']);
    expect(report.stopped).toBe('retry');
    expect(kept.get('a')).toMatchObject({ state: 'waiting', tries: 1 });
    expect(kept.get('b')).toMatchObject({ state: 'waiting', tries: 0 });
  });

  it('an ended session stops the run without setting anything aside', async () => {
    const { storage, kept } = memoryOutbox([{ key: 'a' }]);
    const report = await sendWaiting(
      storage,
      async () => {
        throw refusal(401, 'UNAUTHORIZED');
      },
      1,
      { reasonOf },
    );
    expect(report.stopped).toBe('signIn');
    expect(kept.get('a')).toMatchObject({ state: 'waiting', tries: 0 });
  });

  it("sends only the signed-in store's sales", async () => {
    const { storage, kept } = memoryOutbox([{ key: 'a', storeId: 2 }, { key: 'b' }]);
    const report = await sendWaiting(storage, async (sale) => doc(sale.key), 1, { reasonOf });
    expect([...report.saved.keys()]).toEqual(['b']);
    expect(kept.has('a')).toBe(true);
  });

  it("the cashier's own sale refused at once is given back with its number; another's refusal is set aside", async () => {
    const { storage, kept, last } = memoryOutbox([{ key: 'a' }, { key: 'b' }]);
    const report = await sendWaiting(
      storage,
      async () => {
        throw refusal(409, 'STOCK_INSUFFICIENT');
      },
      1,
      { reasonOf, withdrawOnRefusal: 'b' },
    );
    expect(report.refused.get('b')?.withdrawn).toBe(true);
    expect(kept.has('b')).toBe(false);
    expect(last()).toBe(1);
    expect(kept.get('a')?.state).toBe('setAside');
  });

  it('a sale sent before without an answer is never given back (it may be saved under its number)', async () => {
    const { storage, kept, last } = memoryOutbox([{ key: 'a', tries: 1 }]);
    await sendWaiting(
      storage,
      async () => {
        throw refusal(403, 'FORBIDDEN');
      },
      1,
      { reasonOf, withdrawOnRefusal: 'a' },
    );
    expect(kept.get('a')?.state).toBe('setAside');
    expect(last()).toBe(1);
  });
});

describe('how a failed send is taken', () => {
  it('no answer, a proxy or database down and a limit are tried again; 401 waits for a sign-in', () => {
    for (const status of [0, 408, 429, 502, 503, 504]) expect(failureOf({ status }, 5)).toBe('retry');
    expect(failureOf(new Error('offline'), 0)).toBe('retry');
    expect(failureOf({ status: 401 }, 0)).toBe('signIn');
  });
  it('a server fault is tried again a few times, then set aside; a refusal at once', () => {
    expect(failureOf({ status: 500 }, 0)).toBe('retry');
    expect(failureOf({ status: 500 }, FAULT_TRIES - 1)).toBe('refused');
    for (const status of [400, 403, 404, 409]) expect(failureOf({ status }, 0)).toBe('refused');
  });
});

describe("the sync screen's list", () => {
  it('shows every set-aside sale and the oldest waiting ones up to the limit, oldest first', () => {
    const { kept } = memoryOutbox(
      Array.from({ length: 10 }, (_, i) => ({ state: i === 7 ? ('setAside' as const) : ('waiting' as const) })),
    );
    const shuffled = [...kept.values()].reverse();
    expect(listedSales(shuffled, 3).map((s) => s.counter)).toEqual([1, 2, 3, 8]);
    expect(listedSales(shuffled, 20)).toHaveLength(10);
  });
});
