/**
 * Cost in date order, whatever the order documents are typed in (issue 18). Random purchases and sales on random
 * dates, sales returns, stock counts, journals, back-dated edits of their dates and lines, deletes and payment-only
 * edits go through the HTTP layer, and after every step:
 * - each item's kept stock at cost and every line's kept cost equal a replay from scratch of the saved documents in
 *   date order (date, time, id, line), through the moving-average rule;
 * - no quantity on any date is below zero (the store forbids negative stock) and no positive quantity has a
 *   negative value;
 * - debits equal credits, the kept account sums equal the ledger, and the inventory account equals the stock value;
 * - a payment-only edit changes no movement's value and no line's cost;
 * - the documents fall on both sides of a year end (December 2025 is year 2, January 2026 year 1): one chain per
 *   item across the years, and 2026's opening quantities (the carried `firstq` read) are what 2025 left.
 * On code that costed in typing order, the replay differs after the first back-dated purchase; on code that kept
 * each year a separate book, after the first January sale of December's goods.
 */
import { money, parseMoney, toMilli, toMoneyString } from '@mizan/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/testApp.ts';
import { tradeFixtures } from '../trade/trade.fixtures.ts';
import { applyCost, type CostState, divideRounded } from './cost.rules.ts';

type Step =
  | { t: 'buy'; item: number; qty: number; price: number; day: number; at: string }
  | { t: 'sell'; item: number; qty: number; day: number; at: string }
  | { t: 'redate'; doc: number; day: number }
  | { t: 'relines'; doc: number; qty: number; price: number }
  | { t: 'delete'; doc: number }
  | { t: 'pay'; doc: number; share: number }
  | { t: 'return'; doc: number; qty: number; day: number }
  | { t: 'count'; item: number; qty: number; day: number }
  | { t: 'journal'; amount: number; day: number };

const ITEMS = 2;
/** Days 1–14 are 15–28 December 2025 (year 2), days 15–28 are 1–14 January 2026 (year 1). */
const day = fc.integer({ min: 1, max: 28 });
const DECEMBER_DAYS = 14;
const yearOfDay = (d: number) => (d <= DECEMBER_DAYS ? 2 : 1);
const dateOfDay = (d: number) =>
  d <= DECEMBER_DAYS ? `2025-12-${String(d + 14).padStart(2, '0')}` : `2026-01-${String(d - 14).padStart(2, '0')}`;
/** The base and year of a document dated on a day (2025 is served under /api23/). */
const onDay = (d: number) => (yearOfDay(d) === 2 ? { base: '/api23', yearId: 2 } : { base: '/api', yearId: 1 });
const doc = fc.nat(15);
/**
 * The hour of a buy or a sale: a document typed later may stand earlier in its day, so a walk must start at the
 * change's place in the day (its time), not after the day's movements.
 */
const at = fc.constantFrom('09:00:00', '13:00:00', '18:00:00');
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant('buy' as const),
      item: fc.nat(ITEMS - 1),
      qty: fc.integer({ min: 1, max: 10 }),
      price: fc.integer({ min: 1, max: 30 }),
      day,
      at,
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant('sell' as const),
      item: fc.nat(ITEMS - 1),
      qty: fc.integer({ min: 1, max: 6 }),
      day,
      at,
    }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('redate' as const), doc, day }) },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('relines' as const),
      doc,
      qty: fc.integer({ min: 1, max: 10 }),
      price: fc.integer({ min: 1, max: 30 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('delete' as const), doc }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('pay' as const), doc, share: fc.constantFrom(0, 0.5, 1) }) },
  {
    weight: 3,
    arbitrary: fc.record({ t: fc.constant('return' as const), doc, qty: fc.integer({ min: 1, max: 4 }), day }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('count' as const),
      item: fc.nat(ITEMS - 1),
      qty: fc.integer({ min: 0, max: 12 }),
      day,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ t: fc.constant('journal' as const), amount: fc.integer({ min: 1, max: 500 }), day }),
  },
);

const cents = (text: string) => parseMoney(text) ?? money(0n);
/**
 * Every run starts with one of each family across the year end, so none is left out by chance: a December purchase
 * and sale, a count, a journal, and the sale returned in January. The random steps then change them or add more.
 */
const opening: Step[] = [
  { t: 'buy', item: 0, qty: 10, price: 5, day: 3, at: '13:00:00' },
  { t: 'sell', item: 0, qty: 2, day: 5, at: '13:00:00' },
  { t: 'count', item: 0, qty: 7, day: 8 },
  { t: 'journal', amount: 25, day: 9 },
  { t: 'return', doc: 1, qty: 1, day: 20 },
];
const ITEM_NAME = `صنف سنتين ${Math.random()}`;

describeEachDatabase('cost in date order, property', (ctx) => {
  const { signedIn, setup, balancesOffTheLedger } = tradeFixtures(ctx);

  it('kept costs equal a replay in date order after any sequence of dated saves, edits and deletes', async () => {
    const c = await signedIn();
    const { customer, supplier } = await setup(c, '0');
    const itemIds: number[] = [];
    for (let i = 0; i < ITEMS; i++)
      itemIds.push(
        (
          await c.post('/api/items/create', {
            item_name: `${ITEM_NAME} ${Math.random()}`,
            perch_price: '7',
            pay_price: '40',
          })
        ).json().data[0].id,
      );
    const db = ctx().database.db;
    const ids = `{${itemIds.join(',')}}`;

    /**
     * The saved documents of these items and their lines, as the replay reads them: invoices, sales returns (with
     * their original) and stock counts (a line keeps system − counted: out at the average, a surplus in at it).
     */
    const savedLines = async () =>
      (
        await db.execute<{
          pay_id: number;
          kind: string;
          pay_date: string;
          pay_time: string;
          line_id: number;
          item_id: number;
          quantity: string;
          tot: string;
          cost: string | null;
          original: number | null;
        }>(sql`
          select d.pay_id, d.kind, d.pay_date::text, d.pay_time::text, l.id as line_id, l.item_id,
            l.quantity::text, l.tot::text, l.cost::text, d.original_pay_id as original
          from trade_document d join trade_line l on l.pay_id = d.pay_id
          where l.item_id = any(${ids}::int[]) and d.kind in ('pay', 'perch', 'sales_returns')
          union all
          select k.pay_id, 'tswia', k.pay_date::text, k.pay_time::text, l.id, l.item_id, l.quantity::text,
            l.tot::text, null, null
          from stock_count k join stock_count_line l on l.pay_id = k.pay_id
          where l.item_id = any(${ids}::int[])`)
      ).rows;

    const check = async (label: string) => {
      const lines = (await savedLines()).sort(
        (a, b) =>
          (a.pay_date < b.pay_date ? -1 : a.pay_date > b.pay_date ? 1 : 0) ||
          (a.pay_time < b.pay_time ? -1 : a.pay_time > b.pay_time ? 1 : 0) ||
          a.pay_id - b.pay_id ||
          a.line_id - b.line_id,
      );
      // What each sale took out of each item (for its returns): quantity and value at cost, as the engine walked it.
      const takenOut = new Map<string, { quantity: bigint; value: bigint }>();
      const states = new Map<number, CostState>(
        itemIds.map((id) => [id, { quantity: 0n, value: money(0n), fallbackUnitCost: cents('7') }]),
      );
      const closing2025 = new Map<number, CostState>();
      for (const line of lines) {
        if (line.pay_date >= '2026-01-01')
          for (const [id, st] of states) if (!closing2025.has(id)) closing2025.set(id, st);
        const state = states.get(line.item_id);
        if (!state) throw new Error('unknown item');
        const quantity = toMilli(line.quantity);
        const key = (payId: number | null) => `${payId}:${line.item_id}`;
        const original = takenOut.get(key(line.original));
        const costed = applyCost(
          state,
          line.kind === 'perch'
            ? { direction: 'in', quantity, value: cents(line.tot) }
            : line.kind === 'sales_returns'
              ? {
                  direction: 'in',
                  quantity,
                  value: money(original ? divideRounded(original.value * quantity, original.quantity) : 0n),
                }
              : // A sale takes its quantity out; so does a count its line's system − counted (a surplus is a
                // negative out: in at the average).
                { direction: 'out', quantity },
        );
        if (line.kind === 'pay') {
          const sum = takenOut.get(key(line.pay_id)) ?? { quantity: 0n, value: 0n };
          takenOut.set(key(line.pay_id), { quantity: sum.quantity + quantity, value: sum.value - costed.change });
        }
        states.set(line.item_id, costed.state);
        expect(
          costed.state.quantity,
          `${label}: item ${line.item_id} below zero on ${line.pay_date}`,
        ).toBeGreaterThanOrEqual(0n);
        if (costed.state.quantity > 0n)
          expect(costed.state.value, `${label}: positive quantity with a negative value`).toBeGreaterThanOrEqual(0n);
        const expectedCost =
          line.kind === 'perch'
            ? line.tot
            : line.kind === 'sales_returns'
              ? toMoneyString(money(costed.change))
              : toMoneyString(money(-costed.change));
        if (line.kind !== 'tswia')
          expect(line.cost, `${label}: line ${line.line_id} of ${line.kind} ${line.pay_id}`).toBe(expectedCost);
      }
      for (const [id, st] of states) if (!closing2025.has(id)) closing2025.set(id, st);
      // 2026 opens with what 2025 left: the carried opening quantities and their average cost.
      const carried = (
        await c.get(`/api/firstq/readByStore?fq_year=1&pageSize=100&search=${encodeURIComponent(ITEM_NAME)}`)
      )
        .json()
        .data.filter((row: { item_id: number }) => itemIds.includes(row.item_id));
      for (const id of itemIds) {
        const closing = closing2025.get(id);
        const row = carried.find((r: { item_id: number }) => r.item_id === id);
        const expected =
          closing && closing.quantity !== 0n
            ? {
                quantity: toMilli(row?.quantity ?? '0'),
                cost: closing.quantity > 0n ? cents(row?.perch_price ?? '0') : undefined,
              }
            : undefined;
        if (!closing || closing.quantity === 0n) expect(row, `${label}: item ${id} carried nothing`).toBeUndefined();
        else
          expect(expected, `${label}: item ${id}'s 2026 opening = 2025's closing`).toEqual({
            quantity: closing.quantity,
            cost:
              closing.quantity > 0n
                ? money((closing.value * 1000n * 2n + closing.quantity) / (closing.quantity * 2n))
                : undefined,
          });
      }
      const kept = (
        await db.execute<{ item_id: number; quantity: string; value: string }>(sql`
          select item_id, sum(quantity)::text as quantity, sum(value)::text as value from item_cost
          where item_id = any(${ids}::int[]) group by item_id`)
      ).rows;
      for (const id of itemIds) {
        const row = kept.find((r) => r.item_id === id);
        const state = states.get(id);
        expect(
          { quantity: toMilli(row?.quantity ?? '0'), value: cents(row?.value ?? '0') },
          `${label}: item ${id} at cost`,
        ).toEqual({ quantity: state?.quantity, value: state?.value });
      }
      // The kept current quantity and value (`item_stock`, read by the quantity filters and the totals) are every
      // year's: the whole chain.
      const current = (
        await db.execute<{ item_id: number; quantity: string; value: string }>(sql`
          select item_id, quantity::text, value::text from item_stock where item_id = any(${ids}::int[])`)
      ).rows;
      for (const id of itemIds) {
        const row = current.find((r) => r.item_id === id);
        expect(row && toMilli(row.quantity), `${label}: item ${id}'s kept current quantity`).toBe(
          states.get(id)?.quantity ?? 0n,
        );
        expect(row && cents(row.value), `${label}: item ${id}'s kept current value`).toBe(states.get(id)?.value ?? 0n);
      }
      const books = (
        await db.execute<{ unbalanced: number; stock: string; inventory: string }>(sql`select
          (select count(*)::int from (select 1 from ledger_line group by store_id, "yearId"
            having sum(debit) <> sum(credit)) u) as unbalanced,
          (select coalesce(sum(value), 0)::numeric(20, 2)::text from item_cost where store_id = 1) as stock,
          (select coalesce(sum(l.debit - l.credit), 0)::numeric(20, 2)::text from ledger_line l join sub_accounts a on a.id = l.account_id
            where a.store_id = 1 and a.role = 'inventory') as inventory`)
      ).rows[0];
      expect(books?.unbalanced, label).toBe(0);
      expect(books?.inventory, `${label}: inventory = stock at cost`).toBe(books?.stock);
      expect(await balancesOffTheLedger(), label).toEqual([]);
    };

    /** Every movement's value and every line's cost, to compare around a payment-only edit. */
    const costSnapshot = async () =>
      (
        await db.execute<{ k: string }>(sql`
          select string_agg(m.id || ':' || m.value, ',' order by m.id) as k from stock_movement m
          where m.item_id = any(${ids}::int[])`)
      ).rows[0]?.k;

    /** How many steps of each kind were saved: the property is not vacuous. */
    const saved = new Map<Step['t'], number>();
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (randomSteps) => {
        const steps = [...opening, ...randomSteps];
        const docs: { pay_id: number; kind: 'pay' | 'perch'; day: number }[] = [];
        for (const [index, s] of steps.entries()) {
          const label = `step ${index} ${JSON.stringify(s)}`;
          const target = 'doc' in s && docs.length ? docs[s.doc % docs.length] : undefined;
          let status: number | undefined;
          if (s.t === 'buy' || s.t === 'sell') {
            const kind = s.t === 'buy' ? 'perch' : 'pay';
            const item = itemIds[s.item];
            const { base, yearId } = onDay(s.day);
            const res = await c.post(`${base}/${kind}/createWithItems?yearId=${yearId}`, {
              invoice: {
                cust_id: kind === 'perch' ? supplier.id : customer.id,
                pay_date: dateOfDay(s.day),
                pay_time: s.at,
                discount: '0',
                pay: '0',
              },
              items: [
                {
                  item_id: item,
                  quantity: String(s.qty),
                  ...(s.t === 'buy' ? { perch_price: String(s.price) } : {}),
                },
              ],
            });
            status = res.statusCode;
            if (status === 200) docs.push({ pay_id: res.json().data[0].pay_id, kind, day: s.day });
          } else if (s.t === 'count') {
            const { base, yearId } = onDay(s.day);
            const res = await c.post(`${base}/tswia/createWithItems?yearId=${yearId}`, {
              invoice: { pay_date: dateOfDay(s.day), payComment: 'جرد', yearId },
              items: [{ item_id: itemIds[s.item], qtyReal: String(s.qty) }],
            });
            status = res.statusCode;
            // A count equal to the system quantity is refused (400): nothing to settle.
            if (status === 400) expect(res.json().error.code, label).toBe('COUNT_EQUALS_SYSTEM');
          } else if (s.t === 'journal') {
            const { base, yearId } = onDay(s.day);
            status = (
              await c.post(`${base}/journal/createWithItems?yearId=${yearId}`, {
                invoice: { j_date: dateOfDay(s.day), j_desc: 'قيد', yearId },
                items: [
                  { ac_id: customer.id, debit: String(s.amount), credit: '0' },
                  { ac_id: supplier.id, debit: '0', credit: String(s.amount) },
                ],
              })
            ).statusCode;
          } else if (s.t === 'return') {
            const sales = docs.filter((d) => d.kind === 'pay');
            const target = sales[s.doc % Math.max(sales.length, 1)];
            if (!target) continue;
            // A return is dated on or after its sale (the same day at a later time, or a later day, maybe next year):
            // at the day's end, after any sale of its day.
            const returnDay = Math.max(target.day, s.day);
            const { base, yearId } = onDay(returnDay);
            const saved = (
              await c.get(
                `${onDay(target.day).base}/pay/readById?pay_id=${target.pay_id}&yearId=${onDay(target.day).yearId}`,
              )
            ).json().data[0];
            const res = await c.post(`${base}/sales_returns/createWithItems?yearId=${yearId}`, {
              invoice: { original_pay_ref: saved.pay_ref, return_date: dateOfDay(returnDay), return_time: '23:00:00' },
              items: [{ item_id: saved.items[0].item_id, quantity: String(s.qty) }],
            });
            status = res.statusCode;
          } else if (target && s.t === 'delete') {
            const { base, yearId } = onDay(target.day);
            status = (
              await c.post(`${base}/${target.kind}/deleteWithItems?yearId=${yearId}`, { pay_id: target.pay_id })
            ).statusCode;
            if (status === 200) docs.splice(docs.indexOf(target), 1);
          } else if (target) {
            const { base, yearId } = onDay(target.day);
            const saved = (
              await c.get(`${base}/${target.kind}/readById?pay_id=${target.pay_id}&yearId=${yearId}`)
            ).json().data[0];
            // A document stays in its year: a new date is a day of the same year.
            const newDay =
              s.t !== 'redate'
                ? target.day
                : yearOfDay(target.day) === 2
                  ? ((s.day - 1) % DECEMBER_DAYS) + 1
                  : DECEMBER_DAYS + ((s.day - 1) % DECEMBER_DAYS) + 1;
            const lines = saved.items.map(
              (l: { item_id: number; quantity: string; pay_price: string; perch_price: string }) => ({
                item_id: l.item_id,
                quantity: s.t === 'relines' ? String(s.qty) : l.quantity,
                pay_price: l.pay_price,
                perch_price: s.t === 'relines' && target.kind === 'perch' ? String(s.price) : l.perch_price,
              }),
            );
            const net = Number(saved.tot_pr);
            const invoice = {
              pay_id: target.pay_id,
              cust_id: saved.cust_id,
              pay_date: s.t === 'redate' ? dateOfDay(newDay) : saved.pay_date,
              pay_time: saved.pay_time,
              discount: '0',
              // New lines may lower the total below what was paid: such an edit pays nothing.
              pay:
                s.t === 'pay'
                  ? (Math.round(net * s.share * 100) / 100).toFixed(2)
                  : s.t === 'relines'
                    ? '0'
                    : saved.pay,
            };
            const before = s.t === 'pay' ? await costSnapshot() : undefined;
            status = (
              await c.post(`${base}/${target.kind}/updateWithItems?yearId=${yearId}`, { invoice, items: lines })
            ).statusCode;
            if (status === 200) target.day = newDay;
            if (s.t === 'pay') {
              expect(status, label).toBe(200);
              expect(await costSnapshot(), `${label}: a payment changed a cost`).toBe(before);
            }
          }
          if (status === 200) saved.set(s.t, (saved.get(s.t) ?? 0) + 1);
          // Only a count may be refused with 400 (equal to the system quantity, checked above).
          if (status !== undefined) expect(s.t === 'count' ? [200, 400, 409] : [200, 409], label).toContain(status);
          await check(label);
        }
      }),
      { numRuns: 15 },
    );
    for (const kind of ['buy', 'sell', 'return', 'count', 'journal', 'redate', 'pay'] as const)
      expect(saved.get(kind) ?? 0, `${kind} steps saved`).toBeGreaterThan(0);
  }, 300_000);
});
