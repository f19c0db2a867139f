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

describe('sending several waiting sales in one call', () => {
  const never = async (): Promise<TradeDocumentWithLines> => {
    throw new Error('sent alone');
  };
  const keys = (count: number) => Array.from({ length: count }, (_, i) => ({ key: `s${i + 1}` }));

  it('sends them oldest first, at most SALES_PER_CALL a call, and a single one alone', async () => {
    const { storage, kept } = memoryOutbox(keys(51));
    const calls: string[][] = [];
    const alone: string[] = [];
    const report = await sendWaiting(
      storage,
      async (sale) => {
        alone.push(sale.key);
        return doc(sale.key);
      },
      1,
      {
        reasonOf,
        sendMany: async (sales) => {
          calls.push(sales.map((sale) => sale.key));
          return sales.map((sale) => ({ key: sale.key, saved: doc(sale.key) }));
        },
      },
    );
    expect(calls.map((call) => call.length)).toEqual([25, 25]);
    expect(calls.flat()).toEqual(keys(50).map((k) => k.key));
    expect(alone).toEqual(['s51']);
    expect([...report.saved.keys()]).toEqual(keys(51).map((k) => k.key));
    expect(kept.size).toBe(0);
  });

  it("the cashier's own sale refused in a call is given back with its number", async () => {
    const { storage, kept, last } = memoryOutbox(keys(3));
    const report = await sendWaiting(storage, never, 1, {
      reasonOf,
      withdrawOnRefusal: 's3',
      sendMany: async (sales) =>
        sales.map((sale) =>
          sale.key === 's3'
            ? { key: sale.key, error: refusal(409, 'STOCK_INSUFFICIENT') }
            : { key: sale.key, saved: doc(sale.key) },
        ),
    });
    expect(report.refused.get('s3')?.withdrawn).toBe(true);
    expect(kept.size).toBe(0);
    expect(last()).toBe(2);
  });

  it("a call asks for the cashier's own sale whole (its receipt) and takes the others off by their id", async () => {
    const { storage, kept } = memoryOutbox(keys(3));
    const asked: (string | undefined)[] = [];
    const report = await sendWaiting(storage, never, 1, {
      reasonOf,
      withdrawOnRefusal: 's3',
      sendMany: async (sales, invoiceFor) => {
        asked.push(invoiceFor);
        return sales.map((sale, i) => ({
          key: sale.key,
          saved: { pay_id: i + 1, pay_ref: `ref-${sale.key}`, ...(sale.key === invoiceFor && { doc: doc(sale.key) }) },
        }));
      },
    });
    expect(asked).toEqual(['s3']);
    expect(kept.size).toBe(0);
    expect([...report.saved].map(([key, saved]) => [key, saved.pay_id, saved.doc !== undefined])).toEqual([
      ['s1', 1, false],
      ['s2', 2, false],
      ['s3', 3, true],
    ]);
  });

  it('a refused sale of a call is set aside and the rest of the call is booked', async () => {
    const { storage, kept } = memoryOutbox(keys(3));
    const report = await sendWaiting(storage, never, 1, {
      reasonOf,
      sendMany: async (sales) =>
        sales.map((sale) =>
          sale.key === 's2'
            ? { key: sale.key, error: refusal(409, 'STOCK_INSUFFICIENT') }
            : { key: sale.key, saved: doc(sale.key) },
        ),
    });
    expect([...report.saved.keys()]).toEqual(['s1', 's3']);
    expect(kept.get('s2')).toMatchObject({ state: 'setAside', reason: 'refused: STOCK_INSUFFICIENT' });
    expect(report.stopped).toBeUndefined();
  });

  it('a call without an answer counts a try for each of its sales (any may be booked) and stops', async () => {
    const { storage, kept } = memoryOutbox(keys(30));
    const report = await sendWaiting(storage, never, 1, {
      reasonOf,
      sendMany: async () => {
        throw Object.assign(new Error('timeout'), { status: 0 });
      },
    });
    expect(report.stopped).toBe('retry');
    expect([...kept.values()].map((s) => s.tries)).toEqual([...Array(25).fill(1), ...Array(5).fill(0)]);
  });

  it('the server stopped at a sale it could not try: the sales before are booked, it and the later ones wait', async () => {
    const { storage, kept } = memoryOutbox(keys(4));
    const report = await sendWaiting(storage, never, 1, {
      reasonOf,
      sendMany: async (sales) =>
        [
          { key: 's1', saved: doc('s1') },
          { key: 's2', error: refusal(503, 'DATABASE_UNAVAILABLE') },
        ].filter((answer) => sales.some((sale) => sale.key === answer.key)),
    });
    expect(report.stopped).toBe('retry');
    expect([...report.saved.keys()]).toEqual(['s1']);
    expect([...kept.values()].map((s) => [s.key, s.state, s.tries])).toEqual([
      ['s2', 'waiting', 1],
      ['s3', 'waiting', 0],
      ['s4', 'waiting', 0],
    ]);
  });

  it('a call refused whole (a server without it, a body it refuses) sends the same sales one at a time', async () => {
    const { storage, kept } = memoryOutbox(keys(3));
    const alone: string[] = [];
    const report = await sendWaiting(
      storage,
      async (sale) => {
        alone.push(sale.key);
        if (sale.key === 's2') throw refusal(400, 'VALIDATION_FAILED');
        return doc(sale.key);
      },
      1,
      {
        reasonOf,
        sendMany: async () => {
          throw refusal(404, 'NOT_FOUND');
        },
      },
    );
    expect(alone).toEqual(['s1', 's2', 's3']);
    expect([...report.saved.keys()]).toEqual(['s1', 's3']);
    expect(kept.get('s2')?.state).toBe('setAside');
  });

  it('a session ended stops the call without setting anything aside or counting a try', async () => {
    const { storage, kept } = memoryOutbox(keys(2));
    const report = await sendWaiting(storage, never, 1, {
      reasonOf,
      sendMany: async () => {
        throw refusal(401, 'UNAUTHORIZED');
      },
    });
    expect(report.stopped).toBe('signIn');
    expect([...kept.values()].map((s) => [s.state, s.tries])).toEqual([
      ['waiting', 0],
      ['waiting', 0],
    ]);
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
