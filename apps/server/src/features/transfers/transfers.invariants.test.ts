/**
 * Transfers across three stores, property (issue 33's check): random purchases and sales in each store on random
 * days, transfers between any two, partial receipts, receipts taken back, goods sent back and unreceived transfers
 * deleted, through the HTTP layer. After every step:
 * - every store's books are right (stockAtCostInvariants: kept sums are the movements, the inventory account is the
 *   stock at cost, cost of sales + adjustments + goods in transit + stock = what came in at cost) and the kept
 *   account sums are the ledger;
 * - each store's movements are valued as a replay of its chain in date order says (moving average out, purchases at
 *   their totals, received transfers at their kept value);
 * - each receipt line is valued at its cumulative share of what its transfer line took out (the last one taking
 *   what is left), so a line wholly received or sent back brings in exactly what left;
 * - the company's stock at cost is the stores' stock plus what is in transit: the goods-in-transit accounts of the
 *   stores sum to what the transfers took out less what their receipts brought in, and to 0.00 when nothing is on
 *   the way;
 * - no item has a negative value while its quantity is positive.
 */
import { money, parseMoney, toMilli, toMoneyString } from '@mizan/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { store, userStore } from '../../db/schema.ts';
import { describeEachDatabase, TestClient } from '../../test/testApp.ts';
import { createStoreAccounts } from '../accounts/accounts.defaults.ts';
import { applyCost, type CostState, divideRounded } from '../posting/cost.rules.ts';
import { stockAtCostInvariants } from '../posting/stockAtCost.invariants.ts';
import { tradeFixtures } from '../trade/trade.fixtures.ts';

const STORES = [1, 2, 3];
const ITEMS = 2;
type Step =
  | { t: 'buy'; store: number; item: number; qty: number; price: number; day: number }
  | { t: 'sell'; store: number; item: number; qty: number; day: number }
  | { t: 'send'; from: number; to: number; item: number; qty: number; day: number }
  | { t: 'receive'; transfer: number; part: number; days: number }
  | { t: 'sendBack'; transfer: number; days: number }
  | { t: 'unreceive'; transfer: number }
  | { t: 'delete'; transfer: number };

const storeIndex = fc.nat(STORES.length - 1);
const day = fc.integer({ min: 1, max: 20 });
const transferIndex = fc.nat(7);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant('buy' as const),
      store: storeIndex,
      item: fc.nat(ITEMS - 1),
      qty: fc.integer({ min: 1, max: 9 }),
      price: fc.integer({ min: 100, max: 3000 }),
      day,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('sell' as const),
      store: storeIndex,
      item: fc.nat(ITEMS - 1),
      qty: fc.integer({ min: 1, max: 3 }),
      day,
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant('send' as const),
      from: storeIndex,
      to: storeIndex,
      item: fc.nat(ITEMS - 1),
      qty: fc.integer({ min: 1, max: 7 }),
      day,
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant('receive' as const),
      transfer: transferIndex,
      part: fc.constantFrom(0, 1, 2, 3),
      days: fc.nat(5),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ t: fc.constant('sendBack' as const), transfer: transferIndex, days: fc.nat(5) }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('unreceive' as const), transfer: transferIndex }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('delete' as const), transfer: transferIndex }) },
);
const dateOf = (d: number) => `2026-05-${String(Math.min(d, 28)).padStart(2, '0')}`;
const cents = (text: string | null) => parseMoney(text ?? '0') ?? money(0n);

describeEachDatabase('transfers across three stores, property', (ctx) => {
  const { balancesOffTheLedger } = tradeFixtures(ctx);

  it('books, chains, receipts and transit agree after any sequence of transfers and trade', async () => {
    const db = ctx().database.db;
    // A third store, with its chart, the owner's.
    const [third] = await db
      .insert(store)
      .values({ store_ref: 'th', store_name: 'الفرع الثالث' })
      .returning({ id: store.id });
    if (!third) throw new Error('no third store');
    await createStoreAccounts(db, third.id);
    await db.insert(userStore).values({ user_id: 1, store_id: third.id, role_id: 1 });
    const storeIds = [1, 2, third.id];
    const clients = new Map<number, TestClient>();
    let ip = 0;
    for (const id of storeIds) {
      const c = new TestClient(ctx().app, `10.45.9.${++ip}`);
      expect((await c.signIn('admin', 'admin123', id)).statusCode).toBe(200);
      clients.set(id, c);
    }
    const client = (id: number) => clients.get(id) as TestClient;
    const partyOf = new Map<string, number>();
    for (const id of storeIds)
      for (const [ac, name] of [
        [1, 'عميل التحويلات'],
        [2, 'مورد التحويلات'],
      ] as const) {
        const made = await client(id).post('/api/sub_accounts/create', {
          sub_name: `${name} ${id} ${Math.random()}`,
          ac_id: ac,
          cat_id: ac,
          sub_balance: '0',
        });
        expect(made.statusCode, made.body).toBe(200);
        partyOf.set(`${id}:${ac}`, made.json().data[0].id);
      }
    // The items, each a catalogue item with a row in every store.
    const rows = new Map<string, number>();
    for (let i = 0; i < ITEMS; i++) {
      const made = await client(1).post('/api/items/create', {
        item_name: `صنف التحويلات ${i} ${Math.random()}`,
        part_no: `TRP-${i}-${Math.random()}`,
        perch_price: '7',
        pay_price: '40',
      });
      expect(made.statusCode, made.body).toBe(200);
      const { rows: siblings } = await db.execute<{ id: number; store_id: number }>(
        sql`select id, store_id from items where catalogue_id = ${made.json().data[0].catalogue_id}`,
      );
      for (const row of siblings) rows.set(`${row.store_id}:${i}`, row.id);
    }
    const rowOf = (storeId: number, item: number) => rows.get(`${storeId}:${item}`) as number;
    const allRows = [...rows.values()];
    const ids = `{${allRows.join(',')}}`;

    const check = async (label: string) => {
      expect(await stockAtCostInvariants(db), label).toEqual([]);
      expect(await balancesOffTheLedger(), label).toEqual([]);
      // Each store's chain of each item, replayed in date order.
      const { rows: moves } = await db.execute<{
        store_id: number;
        item_id: number;
        quantity: string;
        value: string;
        mode: string;
        in_value: string | null;
        perch_price: string;
      }>(sql`
        select m.store_id, m.item_id, m.quantity::text, m.value::text, m.mode, m.in_value::text, i.perch_price::text
        from stock_movement m join items i on i.id = m.item_id
        where m.item_id = any(${ids}::int[])
        order by m.store_id, m.item_id, m.move_date, m.move_time, m.source_kind <> 'firstq', m.source_id, m.line_no`);
      const states = new Map<number, CostState>();
      for (const move of moves) {
        const state = states.get(move.item_id) ?? {
          quantity: 0n,
          value: money(0n),
          fallbackUnitCost: cents(move.perch_price),
        };
        const quantity = toMilli(move.quantity);
        const costed = applyCost(
          state,
          move.mode === 'average'
            ? { direction: 'out', quantity: -quantity }
            : { direction: 'in', quantity, value: cents(move.in_value) },
        );
        expect(move.value, `${label}: a movement of item ${move.item_id} in store ${move.store_id}`).toBe(
          toMoneyString(costed.change),
        );
        states.set(move.item_id, costed.state);
      }
      // Each receipt line at its cumulative share of what its line took out.
      const { rows: lines } = await db.execute<{
        id: number;
        quantity: string;
        out_value: string;
        receipts: { quantity: string; value: string }[];
      }>(sql`
        select l.id, l.quantity::text,
          coalesce((select -sum(m.value) from stock_movement m where m.source_kind = 'transfer'
            and m.source_id = l.transfer_id and m.line_no = l.line_no), 0)::text as out_value,
          coalesce((select json_agg(json_build_object('quantity', rl.quantity::text, 'value', m.value::text)
              order by r.receipt_date, r.receipt_time, r.pay_id, rl.line_no)
            from transfer_receipt_line rl join transfer_receipt r on r.pay_id = rl.receipt_id
            join stock_movement m on m.source_kind = 'transfer_receipt' and m.source_id = r.pay_id
              and m.line_no = rl.line_no
            where rl.transfer_line_id = l.id), '[]'::json) as receipts
        from stock_transfer_line l`);
      let inTransit = 0n;
      for (const line of lines) {
        const sent = toMilli(line.quantity);
        const value = cents(line.out_value);
        let received = 0n;
        let brought = 0n;
        for (const receipt of line.receipts) {
          const before = divideRounded(value * received, sent);
          received += toMilli(receipt.quantity);
          const share = divideRounded(value * received, sent) - before;
          expect(receipt.value, `${label}: a receipt of transfer line ${line.id}`).toBe(toMoneyString(money(share)));
          brought += share;
        }
        if (received === sent) expect(brought, `${label}: line ${line.id} received whole`).toBe(value);
        inTransit += value - brought;
      }
      const { rows: transit } = await db.execute<{ balance: string }>(sql`
        select coalesce(sum(l.debit - l.credit), 0)::numeric(20, 2)::text as balance
        from ledger_line l join sub_accounts a on a.id = l.account_id where a.role = 'goods_in_transit'`);
      expect(transit[0]?.balance, `${label}: goods in transit`).toBe(toMoneyString(money(inTransit)));
      const { rows: negative } = await db.execute(
        sql`select item_id from item_stock where quantity > 0 and value < 0 and item_id = any(${ids}::int[])`,
      );
      expect(negative, `${label}: a positive quantity worth less than nothing`).toEqual([]);
    };

    const transfers: { id: number; from: number; to: number }[] = [];
    const run = async (s: Step, index: number) => {
      switch (s.t) {
        case 'buy': {
          const at = storeIds[s.store] as number;
          return client(at).post('/api/perch/createWithItems', {
            invoice: { cust_id: partyOf.get(`${at}:2`), pay_date: dateOf(s.day), discount: '0', pay: '0' },
            items: [{ item_id: rowOf(at, s.item), quantity: String(s.qty), perch_price: (s.price / 100).toFixed(2) }],
          });
        }
        case 'sell': {
          const at = storeIds[s.store] as number;
          return client(at).post('/api/pay/createWithItems', {
            invoice: { cust_id: partyOf.get(`${at}:1`), pay_date: dateOf(s.day), discount: '0', pay: '0' },
            items: [{ item_id: rowOf(at, s.item), quantity: String(s.qty), pay_price: '40' }],
          });
        }
        case 'send': {
          const from = storeIds[s.from] as number;
          const to = storeIds[s.to] as number;
          if (from === to) return undefined;
          const res = await client(from).post('/api/transfer/createWithItems', {
            transfer: { to_store_id: to, transfer_date: dateOf(s.day), transfer_time: '12:00' },
            items: [{ item_id: rowOf(from, s.item), quantity: String(s.qty) }],
          });
          if (res.statusCode === 200) transfers.push({ id: res.json().data[0].pay_id, from, to });
          return res;
        }
        case 'receive':
        case 'sendBack': {
          const transfer = transfers[s.transfer % Math.max(transfers.length, 1)];
          if (!transfer) return undefined;
          const into = s.t === 'sendBack' ? transfer.from : transfer.to;
          const read = (await client(into).get(`/api/transfer/readById?pay_id=${transfer.id}`)).json().data[0];
          if (!read) return undefined;
          const line = read.lines[0];
          const left = toMilli(line.in_transit);
          if (left === 0n) return undefined;
          // A third, two thirds or all of what is left; part 0: one unit (thirds of a value that does not divide).
          const part =
            s.t === 'sendBack'
              ? left
              : s.part === 0
                ? left < 1000n
                  ? left
                  : 1000n
                : (left * BigInt(s.part)) / 3n || left;
          return client(into).post('/api/transfer/receive', {
            transfer_id: transfer.id,
            receipt_date: dateOf(Number(read.transfer_date.slice(8, 10)) + s.days),
            receipt_time: `${String(8 + (index % 10)).padStart(2, '0')}:00`,
            send_back: s.t === 'sendBack',
            lines: [
              {
                item_id: s.t === 'sendBack' ? line.from_item_id : line.to_item_id,
                quantity: (Number(part) / 1000).toFixed(3),
              },
            ],
          });
        }
        case 'unreceive': {
          const transfer = transfers[s.transfer % Math.max(transfers.length, 1)];
          if (!transfer) return undefined;
          const read = (await client(transfer.to).get(`/api/transfer/readById?pay_id=${transfer.id}`)).json().data[0];
          const receipt = read?.receipts.at(-1);
          if (!receipt) return undefined;
          return client(receipt.store_id).post('/api/transfer/deleteReceipt', { receipt_id: receipt.pay_id });
        }
        case 'delete': {
          const transfer = transfers[s.transfer % Math.max(transfers.length, 1)];
          if (!transfer) return undefined;
          return client(transfer.from).post('/api/transfer/deleteWithItems', { pay_id: transfer.id });
        }
      }
    };

    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 22 }), async (steps) => {
        // Every run starts with a transfer whose value does not divide by its units (3 worth 0.31), received a unit
        // at a time (0.10, 0.11, 0.10: the last takes what is left), and one received in thirds.
        const first = transfers.length;
        const opening: Step[] = [
          { t: 'buy', store: 2, item: 1, qty: 2, price: 10, day: 1 },
          { t: 'buy', store: 2, item: 1, qty: 1, price: 11, day: 1 },
          { t: 'send', from: 2, to: 0, item: 1, qty: 3, day: 2 },
          ...[0, 0, 0].map((part) => ({ t: 'receive' as const, transfer: first, part, days: 1 })),
          { t: 'buy', store: 0, item: 0, qty: 9, price: 1003, day: 2 },
          { t: 'send', from: 0, to: 1, item: 0, qty: 5, day: 4 },
          { t: 'receive', transfer: first + 1, part: 1, days: 1 },
        ];
        for (const [index, s] of [...opening, ...steps].entries()) {
          const res = await run(s, index);
          // Refusals (a sale or a transfer beyond stock, a received transfer deleted) are answers, never 5xx.
          if (res) expect(res.statusCode, `${JSON.stringify(s)}: ${res.body}`).toBeLessThan(500);
          await check(`after ${JSON.stringify(s)}`);
        }
      }),
      { numRuns: 3, endOnFailure: true },
    );
  }, 600_000);
});
