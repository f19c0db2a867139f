/**
 * The books stay right whatever a shop does, in any order. Random sequences of documents of every kind (create,
 * edit, delete, convert, the legacy two-call save, two years, both settings of negative stock, opening quantities
 * and opening balances) go through the real HTTP layer, and after every step the database must satisfy:
 * - no answer is a 5xx;
 * - debits equal credits in the ledger of every store and year, and the opening balances balance against the
 *   opening-balance account (the trial balance balances with openings included);
 * - a final invoice leaves its party owing exactly its remainder; a legacy header awaiting its lines, nothing;
 * - every kept account sum (`account_balance`) equals its ledger lines;
 * - every item's stock equals its recomputation from the documents and opening quantities;
 * - the stock at cost: kept sums equal the movements, the inventory account equals the stock value at cost, cost of
 *   sales + stock value = openings + purchases at cost, and each sale's gross profit = its net − its lines' cost;
 * - no stock below zero in a store that forbids it;
 * - every document lies inside its year, and references are unique in their store across years.
 */

import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { TestClient } from '../../test/testApp.ts';
import { describeEachDatabase } from '../../test/testApp.ts';
import { stockAtCostInvariants } from '../posting/stockAtCost.invariants.ts';
import { tradeFixtures } from './trade.fixtures.ts';

type Kind = 'pay' | 'perch' | 'payinit' | 'perchOrder';
type YearNo = 1 | 2;
type Line = { item: number; qty: number; price: number };

type Step =
  | { t: 'save'; kind: Kind; year: YearNo; lines: Line[]; paidShare: number; dateInOtherYear: boolean }
  | { t: 'edit'; doc: number; lines: Line[]; otherYear: boolean }
  | { t: 'delete'; doc: number }
  | { t: 'convert'; doc: number }
  | { t: 'legacy'; year: YearNo; lines: Line[]; unknownItem: boolean }
  | { t: 'legacyClearLines'; doc: number; otherYear: boolean }
  | { t: 'opening'; item: number; year: YearNo; qty: number }
  | { t: 'clearOpenings'; year: YearNo }
  | { t: 'openingBalance'; party: 0 | 1; amount: number };

const ITEMS = 3;
const line = fc.record({
  item: fc.nat(ITEMS - 1),
  qty: fc.integer({ min: 1, max: 6 }),
  price: fc.integer({ min: 1, max: 300 }),
});
const lines = fc.array(line, { minLength: 1, maxLength: 3 });
const year = fc.constantFrom<YearNo>(1, 2);
const docIndex = fc.nat(20);

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      t: fc.constant('save' as const),
      kind: fc.constantFrom<Kind>('pay', 'perch', 'payinit', 'perchOrder'),
      year,
      lines,
      paidShare: fc.constantFrom(0, 0.5, 1),
      dateInOtherYear: fc.constantFrom(false, false, false, true),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ t: fc.constant('edit' as const), doc: docIndex, lines, otherYear: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('delete' as const), doc: docIndex }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('convert' as const), doc: docIndex }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('legacy' as const), year, lines, unknownItem: fc.boolean() }) },
  {
    weight: 1,
    arbitrary: fc.record({ t: fc.constant('legacyClearLines' as const), doc: docIndex, otherYear: fc.boolean() }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('opening' as const),
      item: fc.nat(ITEMS - 1),
      year,
      qty: fc.integer({ min: 0, max: 8 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('clearOpenings' as const), year }) },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('openingBalance' as const),
      party: fc.constantFrom<0 | 1>(0, 1),
      amount: fc.integer({ min: -20_000, max: 50_000 }),
    }),
  },
);

const sell = (item: number, qty: number): Line[] => [{ item, qty, price: 100 }];
const knownBreakages: [Step[]][] = [
  // Bought 5, sold 5, then the purchase deleted or edited down: stock went to −5.
  [
    [
      { t: 'save', kind: 'perch', year: 1, lines: sell(0, 5), paidShare: 0, dateInOtherYear: false },
      { t: 'save', kind: 'pay', year: 1, lines: sell(0, 5), paidShare: 1, dateInOtherYear: false },
      { t: 'edit', doc: 0, lines: sell(0, 1), otherYear: false },
      { t: 'delete', doc: 0 },
    ],
  ],
  // Opening quantity sold, then lowered or cleared.
  [
    [
      { t: 'opening', item: 1, year: 2, qty: 6 },
      { t: 'save', kind: 'pay', year: 2, lines: sell(1, 4), paidShare: 0, dateInOtherYear: false },
      { t: 'opening', item: 1, year: 2, qty: 1 },
      { t: 'clearOpenings', year: 2 },
    ],
  ],
  // Costs: sold short from nothing (at the purchase price, negative stock allowed), then bought dearer: the goods
  // sold short cost more, a variance to cost of sales. And a dearer purchase deleted after a sale at the average,
  // leaving a value at zero quantity that the next purchase clears.
  [
    [
      { t: 'save', kind: 'pay', year: 1, lines: sell(0, 5), paidShare: 0, dateInOtherYear: false },
      {
        t: 'save',
        kind: 'perch',
        year: 1,
        lines: [{ item: 0, qty: 8, price: 113 }],
        paidShare: 0,
        dateInOtherYear: false,
      },
      {
        t: 'save',
        kind: 'perch',
        year: 1,
        lines: [{ item: 1, qty: 5, price: 100 }],
        paidShare: 0,
        dateInOtherYear: false,
      },
      {
        t: 'save',
        kind: 'perch',
        year: 1,
        lines: [{ item: 1, qty: 5, price: 200 }],
        paidShare: 0,
        dateInOtherYear: false,
      },
      {
        t: 'save',
        kind: 'pay',
        year: 1,
        lines: [{ item: 1, qty: 5, price: 300 }],
        paidShare: 1,
        dateInOtherYear: false,
      },
      { t: 'delete', doc: 3 },
      {
        t: 'save',
        kind: 'perch',
        year: 1,
        lines: [{ item: 1, qty: 1, price: 50 }],
        paidShare: 0,
        dateInOtherYear: false,
      },
      {
        t: 'save',
        kind: 'pay',
        year: 1,
        lines: [{ item: 1, qty: 1, price: 300 }],
        paidShare: 0,
        dateInOtherYear: false,
      },
    ],
  ],
  // A 2025 document edited through the primary base, a date in the other year, a legacy two-call sale refused.
  [
    [
      { t: 'save', kind: 'perch', year: 2, lines: sell(2, 3), paidShare: 0.5, dateInOtherYear: false },
      { t: 'edit', doc: 0, lines: sell(2, 2), otherYear: true },
      { t: 'save', kind: 'payinit', year: 1, lines: sell(2, 1), paidShare: 0, dateInOtherYear: true },
      { t: 'legacy', year: 2, lines: sell(2, 1), unknownItem: true },
      { t: 'legacyClearLines', doc: 0, otherYear: true },
      { t: 'openingBalance', party: 0, amount: 12_345 },
    ],
  ],
];

/** The demo's years: id 1 is 2026 (the primary base /api/), id 2 is 2025 (the secondary base /api23/). */
const calendarYear = (y: YearNo) => (y === 1 ? 2026 : 2025);
const base = (y: YearNo) => (y === 1 ? '/api' : '/api23');
const other = (y: YearNo): YearNo => (y === 1 ? 2 : 1);
const dateIn = (y: YearNo, seed: number) =>
  `${calendarYear(y)}-${String((seed % 12) + 1).padStart(2, '0')}-${String((seed % 28) + 1).padStart(2, '0')}`;
const amount = (minor: number) => (minor / 100).toFixed(2);

describeEachDatabase('the books after any sequence of documents', (ctx) => {
  const { signedIn, balancesOffTheLedger } = tradeFixtures(ctx);
  const db = () => ctx().database.db;
  const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    (await db().execute<T>(query)).rows;

  /**
   * The stock at cost (docs/inventory-costing.md): the kept sums, the inventory account and cost of sales + stock
   * (`stockAtCostInvariants`), and each sale's gross profit in the ledger (sales − discount allowed − cost of sales) is its net less its lines'
   *   kept cost, and its lines' cost is what its movements took out of stock.
   */
  async function costInvariants(): Promise<string[]> {
    const broken = await stockAtCostInvariants(db());
    for (const r of await rows<{ pay_ref: string; profit: string; expected: string; moved: string }>(sql`
      with lines as (select pay_id, sum(cost) cost from trade_line group by 1),
      moved as (select source_id, -sum(value) v from stock_movement where source_kind = 'pay' group by 1),
      posted as (
        select l.source_id, sum(case a.role when 'sales' then l.credit - l.debit
          when 'discount_allowed' then l.credit - l.debit when 'cost_of_sales' then l.credit - l.debit else 0 end) p
        from ledger_line l join sub_accounts a on a.id = l.account_id where l.source_kind = 'pay' group by 1)
      select d.pay_ref, coalesce(p.p, 0)::text as profit,
        (d.tot_pr - d.discount - coalesce(c.cost, 0))::text as expected, coalesce(m.v, 0)::text as moved
      from trade_document d
      left join lines c on c.pay_id = d.pay_id
      left join moved m on m.source_id = d.pay_id
      left join posted p on p.source_id = d.pay_id
      where d.kind = 'pay' and not d.awaiting_lines
        and (coalesce(p.p, 0) <> d.tot_pr - d.discount - coalesce(c.cost, 0) or coalesce(c.cost, 0) <> coalesce(m.v, 0))`))
      broken.push(
        `${r.pay_ref}: gross profit posted ${r.profit}, net less its lines' cost ${r.expected}, moved at ${r.moved}`,
      );
    return broken;
  }

  /** Every broken invariant of the whole database, as readable strings (empty when the books are right). */
  async function brokenInvariants(): Promise<string[]> {
    const broken: string[] = [];
    for (const r of await rows<{ store_id: number; yearId: number; d: string; c: string }>(sql`
      select store_id, "yearId", sum(debit)::text as d, sum(credit)::text as c from ledger_line
      group by 1, 2 having sum(debit) <> sum(credit)`))
      broken.push(`ledger unbalanced in store ${r.store_id} year ${r.yearId}: ${r.d} ≠ ${r.c}`);
    for (const r of await rows<{ store_id: number; net: string }>(sql`
      select store_id, sum(case sub_type when 'debit' then sub_balance else -sub_balance end)::text as net
      from sub_accounts group by 1 having sum(case sub_type when 'debit' then sub_balance else -sub_balance end) <> 0`))
      broken.push(`opening balances of store ${r.store_id} do not balance: ${r.net}`);
    for (const r of await rows<{ pay_ref: string; owed: string; changee: string }>(sql`
      select d.pay_ref, coalesce(sum(case d.kind when 'pay' then l.debit - l.credit else l.credit - l.debit end), 0)::text
             as owed, case when d.awaiting_lines then 0 else d.changee end::text as changee
      from trade_document d
      left join ledger_line l on l.source_kind = d.kind and l.source_id = d.pay_id and l.account_id = d.cust_id
      where d.kind in ('pay', 'perch')
      group by d.pay_id
      having coalesce(sum(case d.kind when 'pay' then l.debit - l.credit else l.credit - l.debit end), 0)
             <> case when d.awaiting_lines then 0 else d.changee end`))
      broken.push(`${r.pay_ref} leaves its party owing ${r.owed}, its remainder is ${r.changee}`);
    for (const id of await balancesOffTheLedger()) broken.push(`kept balance of account ${id} differs from its ledger`);
    for (const r of await rows<{ item_id: number; year: number; expected: string; actual: string }>(sql`
      with expected as (
        select store_id, fq_year as year, item_id, quantity as q from firstq
        union all
        select d.store_id, d."yearId", l.item_id, case d.kind when 'perch' then l.quantity else -l.quantity end
        from trade_line l join trade_document d on d.pay_id = l.pay_id where d.kind in ('pay', 'perch')
      ),
      e as (select store_id, year, item_id, sum(q) as q from expected group by 1, 2, 3),
      a as (select store_id, "yearId" as year, item_id, sum(quantity) as q from stock_movement group by 1, 2, 3)
      select coalesce(e.item_id, a.item_id) as item_id, coalesce(e.year, a.year) as year,
             coalesce(e.q, 0)::text as expected, coalesce(a.q, 0)::text as actual
      from e full join a on a.store_id = e.store_id and a.year = e.year and a.item_id = e.item_id
      where coalesce(e.q, 0) <> coalesce(a.q, 0)`))
      broken.push(`stock of item ${r.item_id} in year ${r.year} is ${r.actual}, its documents say ${r.expected}`);
    // One book: stock at the end of each day is everything dated up to it, whatever its year.
    for (const r of await rows<{ item_id: number; move_date: string; q: string }>(sql`
      select item_id, move_date::text, q::text from (
        select m.item_id, m.move_date,
          sum(sum(m.quantity)) over (partition by m.store_id, m.item_id order by m.move_date) as q
        from stock_movement m join store s on s.id = m.store_id where not s.allow_negative_stock
        group by m.store_id, m.item_id, m.move_date) running
      where q < 0`))
      broken.push(`item ${r.item_id} is at ${r.q} on ${r.move_date} in a store that forbids negative stock`);
    for (const broken_ of await costInvariants()) broken.push(broken_);
    for (const r of await rows<{ pay_ref: string; pay_date: string; yearId: number }>(sql`
      select d.pay_ref, d.pay_date::text, d."yearId" from trade_document d join year y on y.id = d."yearId"
      where d.pay_date not between y."yearStart" and y."yearEnd"`))
      broken.push(`${r.pay_ref} dated ${r.pay_date} lies outside its year ${r.yearId}`);
    for (const r of await rows<{ pay_ref: string; n: number }>(sql`
      select pay_ref, count(*)::int as n from trade_document group by store_id, pay_ref having count(*) > 1`))
      broken.push(`reference ${r.pay_ref} is used ${r.n} times in one store`);
    return broken;
  }

  type Doc = { pay_id: number; kind: Kind; year: YearNo; pay_ref: string };

  async function run(c: TestClient, storeId: number, steps: Step[]) {
    const suffix = Math.random().toString(36).slice(2, 8);
    const items: number[] = [];
    for (let i = 0; i < ITEMS; i++) {
      const res = await c.post('/api/items/create', {
        item_name: `صنف ${suffix} ${i}`,
        perch_price: '80',
        pay_price: '100',
      });
      expect(res.statusCode).toBe(200);
      items.push(res.json().data[0].id);
    }
    const parties: number[] = [];
    for (const [ac_id, name] of [
      [1, 'عميل'],
      [2, 'مورد'],
    ] as const) {
      const res = await c.post('/api/sub_accounts/create', {
        ac_id,
        cat_id: ac_id,
        sub_name: `${name} ${suffix}`,
        sub_balance: '0',
      });
      expect(res.statusCode).toBe(200);
      parties.push(res.json().data[0].id);
    }
    const docs: Doc[] = [];
    const partyOf = (kind: Kind) => (kind === 'pay' || kind === 'payinit' ? parties[0] : parties[1]);
    const lineBody = (kind: Kind, ls: Line[]) =>
      ls.map((l) => ({
        item_id: items[l.item],
        quantity: String(l.qty),
        [kind === 'pay' || kind === 'payinit' ? 'pay_price' : 'perch_price']: amount(l.price * 100),
      }));
    const total = (ls: Line[]) => ls.reduce((sum, l) => sum + l.qty * l.price * 100, 0);
    const pick = (index: number) => (docs.length ? docs[index % docs.length] : undefined);

    for (const [n, s] of steps.entries()) {
      let res: Awaited<ReturnType<TestClient['post']>> | undefined;
      if (s.t === 'save') {
        const date = dateIn(s.dateInOtherYear ? other(s.year) : s.year, n);
        res = await c.post(`${base(s.year)}/${s.kind}/createWithItems`, {
          invoice: {
            cust_id: partyOf(s.kind),
            pay_date: date,
            pay: amount(Math.floor(total(s.lines) * s.paidShare)),
            yearId: s.year,
          },
          items: lineBody(s.kind, s.lines),
          idempotency_key: `inv-${suffix}-${n}`,
        });
        if (res.statusCode === 200) {
          const d = res.json().data[0];
          docs.push({ pay_id: d.pay_id, kind: s.kind, year: s.year, pay_ref: d.pay_ref });
        }
      } else if (s.t === 'edit' && pick(s.doc)) {
        const d = pick(s.doc) as Doc;
        const y = s.otherYear ? other(d.year) : d.year;
        res = await c.post(`${base(y)}/${d.kind}/updateWithItems`, {
          invoice: { pay_id: d.pay_id, cust_id: partyOf(d.kind), pay_date: dateIn(d.year, n), pay: '0', yearId: y },
          items: lineBody(d.kind, s.lines),
        });
      } else if (s.t === 'delete' && pick(s.doc)) {
        const d = pick(s.doc) as Doc;
        res = await c.post(`${base(d.year)}/${d.kind}/deleteWithItems`, { pay_id: d.pay_id, yearId: d.year });
        if (res.statusCode === 200) docs.splice(docs.indexOf(d), 1);
      } else if (s.t === 'convert' && pick(s.doc)) {
        const d = pick(s.doc) as Doc;
        const path =
          d.kind === 'payinit'
            ? 'payinit/convertToFinal'
            : d.kind === 'perchOrder'
              ? 'perchOrder/convertToPurchase'
              : undefined;
        if (path) {
          res = await c.post(`${base(d.year)}/${path}`, { pay_id: d.pay_id, yearId: d.year });
          if (res.statusCode === 200) {
            const converted = res.json().data[0];
            docs.splice(docs.indexOf(d), 1, {
              pay_id: converted.pay_id,
              kind: converted.kind,
              year: d.year,
              pay_ref: converted.pay_ref,
            });
          }
        }
      } else if (s.t === 'legacy') {
        const header = await c.post(`${base(s.year)}/pay/create`, {
          cust_id: parties[0],
          pay_date: dateIn(s.year, n),
          tot_pr: amount(total(s.lines)),
          pay: '0',
          yearId: s.year,
        });
        expect(header.statusCode, header.body).toBeLessThan(500);
        if (header.statusCode === 200) {
          const d = header.json().data[0];
          docs.push({ pay_id: d.pay_id, kind: 'pay', year: s.year, pay_ref: d.pay_ref });
          const body = lineBody('pay', s.lines).map((l) => ({ ...l, pay_ref: d.pay_ref, yearId: s.year }));
          if (s.unknownItem) body.push({ item_id: 2_000_000, quantity: '1', pay_ref: d.pay_ref, yearId: s.year });
          res = await c.post(`${base(s.year)}/pay_details/createMulti`, body);
        }
      } else if (s.t === 'legacyClearLines' && pick(s.doc)) {
        const d = pick(s.doc) as Doc;
        const y = s.otherYear ? other(d.year) : d.year;
        res = await c.request(
          'DELETE',
          `${base(y)}/${d.kind}_details/deleteMultiServices?pay_ref=${encodeURIComponent(d.pay_ref)}&yearId=${y}`,
        );
      } else if (s.t === 'opening') {
        res = await c.post(`${base(s.year)}/firstq/createf`, {
          item_id: items[s.item],
          quantity: String(s.qty),
          fq_year: s.year,
          yearId: s.year,
        });
      } else if (s.t === 'clearOpenings') {
        res = await c.post(
          `${base(s.year)}/firstq/deleteByStore?store_id=${storeId}&fq_year=${s.year}&yearId=${s.year}`,
        );
      } else if (s.t === 'openingBalance') {
        const id = parties[s.party];
        res = await c.post('/api/sub_accounts/update', {
          id,
          ac_id: s.party + 1,
          cat_id: s.party + 1,
          sub_name: `${s.party ? 'مورد' : 'عميل'} ${suffix}`,
          sub_balance: amount(s.amount),
        });
      }
      if (res) expect(res.statusCode, `step ${n} ${JSON.stringify(s)}: ${res.body}`).toBeLessThan(500);
      const broken = await brokenInvariants();
      expect(broken, `after step ${n} ${JSON.stringify(s)}`).toEqual([]);
    }
  }

  // Store 1 forbids negative stock (the default); store 2 allows it.
  for (const [storeId, allowNegative] of [
    [1, false],
    [2, true],
  ] as const) {
    it(`random sequences of documents keep the books right (negative stock ${allowNegative ? 'allowed' : 'forbidden'})`, async () => {
      await db().execute(sql`update store set allow_negative_stock = ${allowNegative} where id = ${storeId}`);
      const c = await signedIn('admin', 'admin123', storeId);
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 20 }), (steps) => run(c, storeId, steps)),
        // The database keeps what earlier runs did, so shrinking would replay on another state: stop at the first
        // failure. The examples are shop days that once broke the books, tried before the random ones.
        { numRuns: 20, endOnFailure: true, examples: knownBreakages },
      );
    }, 240_000);
  }
});
