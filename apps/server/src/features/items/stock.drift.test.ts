/**
 * No stock read drifts from the documents (docs/stock-reads.md). Random shop days (opening quantities, purchases,
 * sales, their returns, stock counts, edits and deletes) go through the real HTTP layer, and after every step every
 * stock read (one item, the screen's list, the legacy list, the totals, each quantity filter, the picker's search,
 * the stock validation) must agree with the quantity recomputed from the documents themselves: the opening
 * quantities, the lines of each kind signed as the registry says, and each count's counted − system quantity.
 */
import { documentKinds, fromMilli, money, parseMoney, toMilli, toMoneyString } from '@mizan/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { TestClient } from '../../test/testApp.ts';
import { describeEachDatabase } from '../../test/testApp.ts';
import { tradeFixtures } from '../trade/trade.fixtures.ts';

const ITEMS = 3;
/** Every item's minimum quantity: the "below the minimum" filter takes in what is under it. */
const MIN_QTY = 3;
type Line = { item: number; qty: number };
type DocKind = 'pay' | 'perch' | 'sales_returns' | 'purchase_returns' | 'tswia';
type Step =
  | { t: 'opening'; item: number; qty: number }
  | { t: 'trade'; kind: 'pay' | 'perch'; lines: Line[]; day: number }
  | { t: 'return'; doc: number; line: Line; day: number }
  | { t: 'count'; item: number; counted: number; day: number }
  | { t: 'edit'; doc: number; lines: Line[]; day: number }
  | { t: 'delete'; doc: number };

const line = fc.record({ item: fc.nat(ITEMS - 1), qty: fc.integer({ min: 1, max: 5 }) });
const lines = fc.uniqueArray(line, { minLength: 1, maxLength: 3, selector: (l) => l.item });
const day = fc.integer({ min: 0, max: 300 });
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ t: fc.constant('opening' as const), item: fc.nat(ITEMS - 1), qty: fc.nat(8) }) },
  {
    weight: 5,
    arbitrary: fc.record({ t: fc.constant('trade' as const), kind: fc.constantFrom('pay', 'perch'), lines, day }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('return' as const), doc: fc.nat(20), line, day }) },
  {
    weight: 2,
    arbitrary: fc.record({ t: fc.constant('count' as const), item: fc.nat(ITEMS - 1), counted: fc.nat(9), day }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('edit' as const), doc: fc.nat(20), lines, day }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('delete' as const), doc: fc.nat(20) }) },
);

/** A day of 2026 (year 1), in order of the step's seed. */
const dateOf = (n: number) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10);
/** How each kind moves stock, as the registry says (the recomputation does not read the movements). */
const sign = (kind: string) => Object.values(documentKinds).find((k) => k.wire === kind)?.stockSign ?? 0;

type Expected = { quantity: bigint; first: bigint; perch: bigint; sales: bigint; tswia: bigint };
type StockRow = {
  id: number;
  quantity: string;
  firstQuantity: string;
  perchQuantity: string;
  salesQuantity: string;
  tswiaQuantity: string;
  stockValuePayPrice: string;
  stockValuePerchPrice: string;
};

describeEachDatabase('stock reads against the documents', (ctx) => {
  const { signedIn } = tradeFixtures(ctx);
  const db = () => ctx().database.db;

  /** Each item's quantity and its breakdown, from the documents alone. */
  async function fromDocuments(storeId: number, items: number[]): Promise<Map<number, Expected>> {
    const expected = new Map<number, Expected>(
      items.map((id) => [id, { quantity: 0n, first: 0n, perch: 0n, sales: 0n, tswia: 0n }]),
    );
    const { rows } = await db().execute<{ item_id: number; source: string; q: string }>(sql`
      select item_id, 'firstq' as source, quantity::text as q from firstq where store_id = ${storeId}
      union all
      select l.item_id, d.kind, l.quantity::text from trade_line l join trade_document d on d.pay_id = l.pay_id
      where d.store_id = ${storeId} and not d.awaiting_lines
      union all
      select l.item_id, 'tswia', (l."qtyReal" - l."availQty")::text from stock_count_line l
      join stock_count c on c.pay_id = l.pay_id where c.store_id = ${storeId}`);
    for (const row of rows) {
      const e = expected.get(row.item_id);
      if (!e) continue;
      const q = toMilli(row.q);
      if (row.source === 'firstq') {
        e.first += q;
        e.quantity += q;
      } else if (row.source === 'tswia') {
        e.tswia -= q;
        e.quantity += q;
      } else {
        const signed = q * BigInt(sign(row.source));
        e.quantity += signed;
        if (row.source === 'perch' || row.source === 'purchase_returns') e.perch += signed;
        else e.sales -= signed;
      }
    }
    return expected;
  }

  /** Every stock read, compared with the documents: the differences, as readable strings. */
  async function drift(c: TestClient, storeId: number, categoryId: number, items: number[], negativeAllowed: boolean) {
    const expected = await fromDocuments(storeId, items);
    const broken: string[] = [];
    const q = (milli: bigint) => fromMilli(milli);
    const check = (what: string, actual: unknown, wanted: unknown) => {
      if (actual !== wanted) broken.push(`${what}: ${String(actual)} ≠ ${String(wanted)}`);
    };
    const get = async (path: string) => {
      const res = await c.get(`/api/${path}`);
      if (res.statusCode !== 200) broken.push(`${path} answered ${res.statusCode}`);
      return res.json();
    };
    for (const id of items) {
      const e = expected.get(id) as Expected;
      const [row] = (await get(`items/readItemByIdQty?id=${id}`)).data as StockRow[];
      check(`readItemByIdQty ${id} quantity`, row?.quantity, q(e.quantity));
      check(`readItemByIdQty ${id} firstQuantity`, row?.firstQuantity, q(e.first));
      check(`readItemByIdQty ${id} perchQuantity`, row?.perchQuantity, q(e.perch));
      check(`readItemByIdQty ${id} salesQuantity`, row?.salesQuantity, q(e.sales));
      check(`readItemByIdQty ${id} tswiaQuantity`, row?.tswiaQuantity, q(e.tswia));
      const [picked] = (await get(`items/searchStock?id=${id}`)).data as StockRow[];
      check(`searchStock ${id}`, picked?.quantity, q(e.quantity));
      // A sale of one unit: valid unless the store forbids negative stock and there is less than one.
      const validation = (
        await c.post('/api/items/validateStockQuantity', { itemList: [{ item_id: id, quantity: '1' }] })
      ).json();
      check(`validateStockQuantity ${id}`, validation.valid, negativeAllowed || e.quantity >= 1000n);
      if (!validation.valid)
        check(
          `validateStockQuantity ${id} available`,
          validation.insufficient_items[0]?.available_quantity,
          q(e.quantity),
        );
    }
    // The kept current quantity that the quantity filters read from its index.
    const { rows: kept } = await db().execute<{ item_id: number; quantity: string }>(sql`
      select item_id, quantity::text from item_stock where item_id = any(${`{${items.join(',')}}`}::int[])`);
    for (const id of items)
      check(
        `item_stock ${id}`,
        kept.find((row) => row.item_id === id)?.quantity,
        q((expected.get(id) as Expected).quantity),
      );
    const byId = (rows: StockRow[]) => new Map(rows.map((row) => [row.id, row]));
    const list = (await get(`items/stockList?category_id=${categoryId}&sort=quantity&order=desc`)) as {
      data: StockRow[];
      total: number;
    };
    check('stockList total', list.total, items.length);
    const legacy = byId((await get(`items/readStock?category_id=${categoryId}`)).data);
    const listed = byId(list.data);
    for (const id of items) {
      const wanted = q((expected.get(id) as Expected).quantity);
      check(`stockList ${id}`, listed.get(id)?.quantity, wanted);
      check(`readStock ${id}`, legacy.get(id)?.quantity, wanted);
    }
    const sorted = list.data.map((row) => toMilli(row.quantity));
    check(
      'stockList sorted by quantity',
      sorted.every((v, i) => i === 0 || (sorted[i - 1] as bigint) >= v),
      true,
    );
    // Each quantity filter takes in exactly the items the documents put there.
    const filters: [string, (milli: bigint) => boolean][] = [
      ['positive', (m) => m > 0n],
      ['zero', (m) => m === 0n],
      ['negative', (m) => m < 0n],
      ['below_min', (m) => m < BigInt(MIN_QTY) * 1000n],
    ];
    for (const [filter, takes] of filters) {
      const ids = (
        (await get(`items/readStockFiltered?category_id=${categoryId}&quantity_filter=${filter}`)).data as StockRow[]
      )
        .map((row) => row.id)
        .join(',');
      const wanted = items.filter((id) => takes((expected.get(id) as Expected).quantity)).join(',');
      check(`readStockFiltered ${filter}`, ids, wanted);
    }
    // Each item's value at cost as its movements were valued (the engine's walk of the documents in date order,
    // held to a replay of the documents by costing.invariants.test.ts), not as the kept sums hold it.
    const { rows: moved } = await db().execute<{ item_id: number; v: string }>(sql`
      select item_id, sum(value)::numeric(20, 2)::text as v from stock_movement
      where store_id = ${storeId} and item_id = any(${`{${items.join(',')}}`}::int[]) group by item_id`);
    const costOf = (id: number): bigint => parseMoney(moved.find((row) => row.item_id === id)?.v ?? '0') ?? 0n;
    const { rows: keptValues } = await db().execute<{ item_id: number; value: string }>(sql`
      select item_id, value::text from item_stock where item_id = any(${`{${items.join(',')}}`}::int[])`);
    for (const id of items) {
      const wanted = toMoneyString(money(costOf(id)));
      check(`stockList ${id} value at cost`, listed.get(id)?.stockValuePerchPrice, wanted);
      // The kept current value the totals read.
      check(`item_stock ${id} value`, keptValues.find((row) => row.item_id === id)?.value, wanted);
    }
    // The totals over the category, with each quantity filter and without: at price Σ quantity × 100.00 of the
    // items the documents put there, at cost Σ their movements' values.
    for (const [filter, takes] of [['', () => true] as [string, (milli: bigint) => boolean], ...filters]) {
      const taken = items.filter((id) => takes((expected.get(id) as Expected).quantity));
      const [totals] = (
        await get(`items/readStockTotals?category_id=${categoryId}${filter ? `&quantity_filter=${filter}` : ''}`)
      ).data;
      // Thousandths of a unit × 10,000 cents a unit / 1,000: ten cents a thousandth.
      const atPrice = taken.reduce((sum, id) => sum + (expected.get(id) as Expected).quantity, 0n) * 10n;
      const atCost = taken.reduce((sum, id) => sum + costOf(id), 0n);
      check(`readStockTotals ${filter} at price`, totals?.stockValuePayPrice, toMoneyString(money(atPrice)));
      check(`readStockTotals ${filter} at cost`, totals?.stockValuePerchPrice, toMoneyString(money(atCost)));
      check(`readStockTotals ${filter} items`, totals?.itemsCount, taken.length);
    }
    // The "> 0" list: its page and its count.
    const positive = (await get(`items/stockList?category_id=${categoryId}&quantity_filter=positive`)) as {
      data: StockRow[];
      total: number;
    };
    const positiveIds = items.filter((id) => (expected.get(id) as Expected).quantity > 0n);
    check('stockList > 0', positive.data.map((row) => row.id).join(','), positiveIds.join(','));
    check('stockList > 0 total', positive.total, positiveIds.length);
    // The whole store's totals (every earlier run's items too), unfiltered and "> 0", against the per-year kept sums
    // every item's figures were read from before the kept current value (the formula of the rows' own reads).
    for (const filter of ['', 'positive']) {
      const [totals] = (await get(`items/readStockTotals${filter ? `?quantity_filter=${filter}` : ''}`)).data;
      const { rows: summed } = await db().execute<{ at_price: string; at_cost: string; n: number }>(sql`
        select coalesce(sum(round(s.q * i.pay_price, 2)), 0)::numeric(20, 2)::text as at_price,
          coalesce(sum(s.v), 0)::numeric(20, 2)::text as at_cost, count(*)::int as n
        from items i cross join lateral (
          select coalesce(sum(k.quantity), 0) as q, coalesce(sum(k.value), 0) as v from item_cost k
          where k.store_id = i.store_id and k.item_id = i.id) s
        where i.store_id = ${storeId} and (${filter} = '' or s.q > 0)`);
      check(`store's readStockTotals ${filter} at price`, totals?.stockValuePayPrice, summed[0]?.at_price);
      check(`store's readStockTotals ${filter} at cost`, totals?.stockValuePerchPrice, summed[0]?.at_cost);
      check(`store's readStockTotals ${filter} items`, totals?.itemsCount, summed[0]?.n);
    }
    return broken;
  }

  type Doc = { kind: DocKind; id: number; ref: string; original?: number };

  async function run(c: TestClient, storeId: number, negativeAllowed: boolean, steps: Step[]) {
    const suffix = Math.random().toString(36).slice(2, 8);
    const category = (await c.post('/api/item_categories/create', { category_name: `درفت ${suffix}` })).json().data[0];
    const items: number[] = [];
    for (let i = 0; i < ITEMS; i++) {
      const res = await c.post('/api/items/create', {
        item_name: `درفت ${suffix} ${i}`,
        perch_price: '80',
        pay_price: '100',
        min_qty: String(MIN_QTY),
        category_id: category.id,
      });
      expect(res.statusCode).toBe(200);
      items.push(res.json().data[0].id);
    }
    // A customer who buys on credit (a walk-in sale is paid in full).
    const customer = (
      await c.post('/api/sub_accounts/create', { ac_id: 1, cat_id: 1, sub_name: `عميل درفت ${suffix}` })
    ).json().data[0].id;
    const supplier = (await c.get('/api/sub_accounts/readByStore?ac_id=2')).json().data[0].id;
    const docs: Doc[] = [];
    const pick = (index: number) => (docs.length ? docs[index % docs.length] : undefined);
    const tradeLines = (kind: 'pay' | 'perch', ls: Line[]) =>
      ls.map((l) => ({
        item_id: items[l.item],
        quantity: String(l.qty),
        [kind === 'pay' ? 'pay_price' : 'perch_price']: kind === 'pay' ? '100' : String(60 + l.item * 10),
      }));

    for (const [n, s] of steps.entries()) {
      let res: Awaited<ReturnType<TestClient['post']>> | undefined;
      if (s.t === 'opening') {
        res = await c.post('/api/firstq/createf', { item_id: items[s.item], quantity: String(s.qty), fq_year: 1 });
      } else if (s.t === 'trade') {
        res = await c.post(`/api/${s.kind}/createWithItems`, {
          invoice: { cust_id: s.kind === 'pay' ? customer : supplier, pay_date: dateOf(s.day), pay: '0' },
          items: tradeLines(s.kind, s.lines),
        });
        if (res.statusCode === 200) {
          const d = res.json().data[0];
          docs.push({ kind: s.kind, id: d.pay_id, ref: d.pay_ref });
        }
      } else if (s.t === 'return') {
        const original = pick(s.doc);
        if (original && (original.kind === 'pay' || original.kind === 'perch')) {
          const kind = original.kind === 'pay' ? 'sales_returns' : 'purchase_returns';
          res = await c.post(`/api/${kind}/createWithItems`, {
            invoice: { original_pay_ref: original.ref, return_date: dateOf(s.day), return_reason: 'تجربة' },
            items: [{ item_id: items[s.line.item], quantity: String(s.line.qty) }],
          });
          if (res.statusCode === 200) {
            const d = res.json().data[0];
            docs.push({ kind, id: d.return_id, ref: d.return_ref, original: original.id });
          }
        }
      } else if (s.t === 'count') {
        res = await c.post('/api/tswia/createWithItems', {
          invoice: { pay_date: dateOf(s.day), yearId: 1 },
          items: [{ item_id: items[s.item], qtyReal: String(s.counted) }],
        });
        if (res.statusCode === 200) docs.push({ kind: 'tswia', id: res.json().data[0].pay_id, ref: '' });
      } else if (s.t === 'edit') {
        const d = pick(s.doc);
        if (d?.kind === 'pay' || d?.kind === 'perch')
          res = await c.post(`/api/${d.kind}/updateWithItems`, {
            invoice: {
              pay_id: d.id,
              cust_id: d.kind === 'pay' ? customer : supplier,
              pay_date: dateOf(s.day),
              pay: '0',
            },
            items: tradeLines(d.kind, s.lines),
          });
        else if (d?.kind === 'tswia')
          res = await c.post('/api/tswia/updateWithItems', {
            invoice: { pay_id: d.id, pay_date: dateOf(s.day), yearId: 1 },
            items: s.lines.map((l) => ({ item_id: items[l.item], qtyReal: String(l.qty) })),
          });
      } else if (s.t === 'delete') {
        const d = pick(s.doc);
        if (d) {
          res =
            d.kind === 'sales_returns' || d.kind === 'purchase_returns'
              ? await c.post(`/api/${d.kind}/deleteWithItems`, { return_id: d.id, return_ref: d.ref })
              : await c.post(`/api/${d.kind}/deleteWithItems`, { pay_id: d.id });
          if (res.statusCode === 200) docs.splice(docs.indexOf(d), 1);
        }
      }
      if (res) expect(res.statusCode, `step ${n} ${JSON.stringify(s)}: ${res.body}`).toBeLessThan(500);
      expect(
        await drift(c, storeId, category.id, items, negativeAllowed),
        `after step ${n} ${JSON.stringify(s)}`,
      ).toEqual([]);
    }
  }

  for (const [storeId, negativeAllowed] of [
    [1, false],
    [2, true],
  ] as const) {
    it(`every stock read agrees with the documents after any shop day (negative stock ${negativeAllowed ? 'allowed' : 'forbidden'})`, async () => {
      await db().execute(sql`update store set allow_negative_stock = ${negativeAllowed} where id = ${storeId}`);
      const c = await signedIn('admin', 'admin123', storeId);
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 14 }), (steps) =>
          run(c, storeId, negativeAllowed, steps),
        ),
        // The database keeps what earlier runs did (each run has its own category and items): no shrinking.
        { numRuns: 12, endOnFailure: true },
      );
    }, 300_000);
  }
});
