/**
 * Aged receivables and payables (`reports/aging`) against a plain reading of the ledger, over random shops across
 * two years: opening balances, invoices paid in part with due dates, receipts and payments allocated oldest first
 * or by hand (to a newer invoice), back-dated before the invoices they settle, deleted, and journals that charge
 * or credit a party. For random days, through the HTTP layer, every party's row and the sums are what a spread of
 * its balance over its charges (read line by line here) gives: what is open on each invoice after the allocations
 * of vouchers dated up to the day, and every other charge, the oldest settled first by what was not allocated.
 */
import { parseMoney } from '@mizan/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { describeEachDatabase, TestClient } from '../../test/testApp.ts';

type YearNo = 1 | 2;
type Step =
  | {
      t: 'invoice';
      kind: 'pay' | 'perch';
      party: number;
      year: YearNo;
      day: number;
      quantity: number;
      paid: number;
      due: number;
    }
  | {
      t: 'voucher';
      kind: 'receipt' | 'payment';
      party: number;
      year: YearNo;
      day: number;
      amount: number;
      oldest: boolean;
      pick: number;
    }
  | { t: 'deleteVoucher'; voucher: number }
  | { t: 'journal'; party: number; year: YearNo; day: number; amount: number; charge: boolean };

const cents = fc.integer({ min: 1, max: 80_000 });
const year = fc.constantFrom<YearNo>(1, 2);
const day = fc.integer({ min: 0, max: 300 });
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      t: fc.constant('invoice' as const),
      kind: fc.constantFrom<'pay' | 'perch'>('pay', 'perch'),
      party: fc.nat(2),
      year,
      day,
      quantity: fc.integer({ min: 1, max: 4 }),
      paid: fc.integer({ min: 0, max: 100 }),
      due: fc.integer({ min: 0, max: 90 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant('voucher' as const),
      kind: fc.constantFrom<'receipt' | 'payment'>('receipt', 'payment'),
      party: fc.nat(2),
      year,
      day,
      amount: cents,
      oldest: fc.boolean(),
      pick: fc.nat(9),
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('deleteVoucher' as const), voucher: fc.nat(6) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('journal' as const),
      party: fc.nat(5),
      year,
      day,
      amount: cents,
      charge: fc.boolean(),
    }),
  },
);

const amount = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
const dateOf = (y: YearNo, d: number) =>
  new Date(Date.UTC(y === 1 ? 2026 : 2025, 0, 1) + d * 86_400_000).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
const toCents = (text: string) => parseMoney(text) ?? 0n;
const text = (value: bigint) => {
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

type AgingRow = {
  cust_id: number;
  invoices: number;
  d0_30: string;
  d31_60: string;
  d61_90: string;
  over_90: string;
  total: string;
};

describeEachDatabase('aging against the ledger', (ctx) => {
  const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    (await ctx().database.db.execute<T>(query)).rows;

  /** The aging of one side as a plain first-in-first-out reading of each party's ledger lines. */
  const expected = async (side: 'receivable' | 'payable', asOf: string) => {
    const sign = side === 'receivable' ? 1n : -1n;
    const invoiceKind = side === 'receivable' ? 'pay' : 'perch';
    // An opening balance is a ledger line on its day, charged like any other (due that day).
    const parties = await rows<{ id: number }>(sql`
      select id from sub_accounts where store_id = 1 and ac_id = ${side === 'receivable' ? 1 : 2} order by id`);
    const result: AgingRow[] = [];
    for (const party of parties) {
      // What is open on each invoice that day: its remainder less the allocations of the vouchers dated up to it.
      const lines = await rows<{ amount: string; line_date: string; due: string | null; open: string | null }>(sql`
        select (l.debit - l.credit)::text as amount, l.line_date::text, d."nextPay"::text as due,
          case when d.kind = ${invoiceKind} then (d.changee - coalesce((select sum(pa.amount) from payment_allocation pa
            join journal j on j.j_id = pa.j_id where pa.pay_id = d.pay_id and j.j_date <= ${asOf}), 0))::text end
            as open
        from ledger_line l left join trade_document d on d.pay_id = l.source_id and d.kind = l.source_kind
        where l.store_id = 1 and l.account_id = ${party.id} and l.line_date <= ${asOf}
        order by l.line_date desc, l.id desc`);
      let owed = 0n;
      for (const line of lines) owed += sign * toCents(line.amount);
      if (owed <= 0n) continue;
      // Each charge's open part (an invoice's, else all of it), then its settled part.
      const charges = lines
        .filter((line) => sign * toCents(line.amount) > 0n)
        .map((line) => {
          const amount = sign * toCents(line.amount);
          const open = line.open === null ? amount : toCents(line.open);
          const first = open < 0n ? 0n : open < amount ? open : amount;
          return { parts: [first, amount - first], due: line.due ?? line.line_date, open: 0n };
        });
      const row = { cust_id: party.id, invoices: 0, d0_30: 0n, d31_60: 0n, d61_90: 0n, over_90: 0n, total: 0n };
      // The balance spread newest first over the open parts, then (only if they do not reach it) the settled ones.
      let left = owed;
      for (const tier of [0, 1])
        for (const charge of charges) {
          const part = charge.parts[tier] as bigint;
          if (left <= 0n || part <= 0n) continue;
          const open = part < left ? part : left;
          left -= open;
          charge.open += open;
        }
      for (const charge of charges) {
        if (charge.open <= 0n) continue;
        const open = charge.open;
        const age = daysBetween(charge.due, asOf);
        if (age <= 30) row.d0_30 += open;
        else if (age <= 60) row.d31_60 += open;
        else if (age <= 90) row.d61_90 += open;
        else row.over_90 += open;
        row.total += open;
        row.invoices += 1;
      }
      result.push({
        cust_id: row.cust_id,
        invoices: row.invoices,
        d0_30: text(row.d0_30),
        d31_60: text(row.d31_60),
        d61_90: text(row.d61_90),
        over_90: text(row.over_90),
        total: text(row.total),
      });
    }
    return result.sort((a, b) => {
      const byTotal = toCents(b.total) - toCents(a.total);
      return byTotal === 0n ? a.cust_id - b.cust_id : byTotal > 0n ? 1 : -1;
    });
  };

  it('spreads every party’s balance over what is open on its charges, oldest settled first, to the cent', async () => {
    const c = new TestClient(ctx().app);
    await c.signIn('admin', 'admin123', 1);
    await c.post('/api/store/update', {
      id: 1,
      store_name: 'المخزن الرئيسي',
      location: 'الخرطوم',
      allow_negative_stock: true,
    });
    const item = (
      await c.post('/api/items/create', { item_name: 'صنف الأعمار', perch_price: '40', pay_price: '100' })
    ).json().data[0];
    // Opening balances on their days: one at the book's start, one of a customer taken on in August 2025.
    const make = async (ac_id: number, name: string, opening: string, opening_date?: string) =>
      (
        await c.post('/api/sub_accounts/create', {
          ac_id,
          cat_id: ac_id,
          sub_name: `${name} ${Math.random()}`,
          sub_balance: opening,
          opening_date,
        })
      ).json().data[0].id as number;
    const customers = [
      await make(1, 'عميل', '0'),
      await make(1, 'عميل', '250.75', '2025-01-01'),
      await make(1, 'عميل', '90', '2025-08-15'),
    ];
    const suppliers = [
      await make(2, 'مورد', '0'),
      await make(2, 'مورد', '120', '2025-01-01'),
      await make(2, 'مورد', '0'),
    ];
    const [cashBox, other] = await Promise.all([
      rows<{ id: number }>(sql`select id from sub_accounts where store_id = 1 and role = 'cash_box'`),
      rows<{ id: number }>(sql`select id from sub_accounts where store_id = 1 and role = 'stock_adjustment'`),
    ]);
    const cash = cashBox[0]?.id as number;
    const against = other[0]?.id as number;
    const seen = { owing: 0 };

    const run = async (steps: Step[]) => {
      const invoices: { pay_id: number; party: number }[] = [];
      const vouchers: number[] = [];
      for (const s of steps) {
        if (s.t === 'invoice') {
          const party = (s.kind === 'pay' ? customers : suppliers)[s.party] as number;
          const total = s.quantity * (s.kind === 'pay' ? 10_000 : 4_000);
          const date = dateOf(s.year, s.day);
          const res = await c.post(`/api/${s.kind}/createWithItems?yearId=${s.year}`, {
            invoice: {
              cust_id: party,
              pay_date: date,
              pay: amount(Math.floor((total * s.paid) / 100)),
              nextPay: s.due === 0 ? undefined : dateOf(s.year, s.day + s.due),
              yearId: s.year,
            },
            items: [{ item_id: item.id, quantity: String(s.quantity) }],
          });
          expect(res.statusCode).toBe(200);
          invoices.push({ pay_id: res.json().data[0].pay_id, party });
        } else if (s.t === 'voucher') {
          const party = (s.kind === 'receipt' ? customers : suppliers)[s.party] as number;
          const own = invoices.filter((i) => i.party === party);
          const picked = own[s.pick % Math.max(own.length, 1)];
          const res = await c.post(`/api/vouchers/create?yearId=${s.year}`, {
            voucher_kind: s.kind,
            j_date: dateOf(s.year, s.day),
            money_account_id: cash,
            account_id: party,
            amount: amount(s.amount),
            allocate_oldest: s.oldest,
            // By hand: one cent or half of it to one invoice (perhaps a newer one; refused past its remainder), the
            // rest on account.
            allocations:
              s.oldest || !picked
                ? []
                : [{ pay_id: picked.pay_id, amount: s.pick % 2 === 0 ? '0.01' : amount(Math.ceil(s.amount / 2)) }],
          });
          expect(res.statusCode).toBeLessThan(500);
          if (res.statusCode === 200) vouchers.push(res.json().data[0].j_id);
        } else if (s.t === 'deleteVoucher') {
          const jId = vouchers[s.voucher % Math.max(vouchers.length, 1)];
          if (jId === undefined) continue;
          expect((await c.post('/api/vouchers/delete', { j_id: jId })).statusCode).toBe(200);
          vouchers.splice(vouchers.indexOf(jId), 1);
        } else {
          const party = [...customers, ...suppliers][s.party] as number;
          const [debit, credit] = s.charge ? [party, against] : [against, party];
          const res = await c.post(`/api/journal/createWithItems?yearId=${s.year}`, {
            invoice: { j_date: dateOf(s.year, s.day), j_details: 'تسوية', yearId: s.year },
            items: [
              { ac_id: debit, debit: amount(s.amount), credit: '0' },
              { ac_id: credit, debit: '0', credit: amount(s.amount) },
            ],
          });
          expect(res.statusCode).toBe(200);
        }
      }
      for (const asOf of ['2025-03-31', '2025-12-31', '2026-02-15', '2026-06-30', '2026-12-31'])
        for (const side of ['receivable', 'payable'] as const) {
          const answer = (await c.get(`/api/reports/aging?side=${side}&as_of=${asOf}&pageSize=200`)).json();
          const want = await expected(side, asOf);
          const got = (answer.data as AgingRow[]).map(
            ({ cust_id, invoices, d0_30, d31_60, d61_90, over_90, total }) => ({
              cust_id,
              invoices,
              d0_30,
              d31_60,
              d61_90,
              over_90,
              total,
            }),
          );
          const where = `${side} on ${asOf}`;
          expect(got, where).toEqual(want);
          expect(answer.total, where).toBe(want.length);
          const sum = (key: keyof Omit<AgingRow, 'cust_id' | 'invoices'>) =>
            text(want.reduce((total, row) => total + toCents(row[key]), 0n));
          expect(answer.sums, where).toEqual({
            invoices: want.reduce((total, row) => total + row.invoices, 0),
            d0_30: sum('d0_30'),
            d31_60: sum('d31_60'),
            d61_90: sum('d61_90'),
            over_90: sum('over_90'),
            total: sum('total'),
          });
          seen.owing += want.length;
        }
    };
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 6, maxLength: 16 }), (steps) => run(steps)),
      { numRuns: 6, endOnFailure: true },
    );
    expect(seen.owing).toBeGreaterThan(0);
  }, 300_000);
});
