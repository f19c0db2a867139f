/**
 * The generated shop's receipt, payment and expense vouchers (shopGenerator.ts), spread over the plan's days in date
 * order. A receipt takes what its customer owes on the sales dated up to its day (all of it, or half, by the hash)
 * and settles them oldest first; a payment the same for a supplier's purchases; a customer or supplier who owes
 * nothing that day gets no voucher. An expense pays rent or electricity from the cash box.
 *
 * Written set-based, as the documents are: the amounts and allocations are worked out in one pass in date order by
 * the voucher's own rules (`allocateOldestFirst`, `voucherLines`), the headers, lines and allocations inserted in a
 * few statements, numbered on the store's journal counter in that order, and posted by the journal family's rule in
 * one `repost` (`postNewJournals`). The same shop as saving each through `saveVoucher` in that order (tested in
 * shopVouchers.test.ts), without 27,000 transactions.
 */
import {
  allocateOldestFirst,
  bookKinds,
  formatBookReference,
  money,
  parseMoney,
  sideOf,
  toMoneyString,
  type VoucherKind,
  voucherKindLabelsAr,
  voucherLines,
} from '@mizan/contract';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { arrayOf } from '../../lib/sqlArray.ts';
import { postNewJournals } from '../journal/journal.writes.ts';
import type { ShopPlan } from './shopGenerator.ts';

export const voucherDetails: Record<VoucherKind, string> = {
  receipt: 'دفعة من حساب العميل',
  payment: 'سداد لحساب المورد',
  expense: 'مصروفات المحل',
};

/** A voucher the plan asks for; a receipt's or payment's amount is then what its party owes that day (or half). */
export type PlannedVoucher = { kind: VoucherKind; date: string; party: number; half: boolean; amount: number };

/** A number in [0, 2^31) chosen by the seed, a salt and a row number (the same in PostgreSQL and PGlite). */
export const seededPick = (seed: number) => (salt: string, row: ReturnType<typeof sql>) =>
  sql`abs(hashtext(${`${seed}:${salt}:`} || (${row})::text)::bigint)`;

/** The day of the `i`th (from 0) of `count` documents spread evenly over the plan's days. */
export const dayOfPlan = (plan: Pick<ShopPlan, 'from' | 'to'>) => {
  const from = Date.parse(plan.from);
  const span = (Date.parse(plan.to) - from) / 86_400_000 + 1;
  return (i: number, count: number) =>
    new Date(from + Math.floor(((i + 0.5) * span) / count) * 86_400_000).toISOString().slice(0, 10);
};

/**
 * The vouchers of the plan, in date order (those of a day: receipts, then payments, then expenses, each in its
 * number's order), with the store's cash box.
 */
export async function planVouchers(
  db: DbOrTx,
  plan: ShopPlan,
): Promise<{ cash: number; planned: PlannedVoucher[] } | undefined> {
  const { storeId, size } = plan;
  const pick = seededPick(plan.seed);
  const [accounts] = (
    await db.execute<{ cash: number; customers: number[]; suppliers: number[]; expenses: number[] | null }>(sql`
      select (select id from sub_accounts where store_id = ${storeId} and role = 'cash_box' order by id limit 1) as cash,
        (select array_agg(id order by id) from sub_accounts where store_id = ${storeId} and ac_id = 1
          and sub_code ~ '^1[0-9]{4}$') as customers,
        (select array_agg(id order by id) from sub_accounts where store_id = ${storeId} and ac_id = 2
          and sub_code ~ '^2[0-9]{4}$') as suppliers,
        (select array_agg(id order by id) from sub_accounts where store_id = ${storeId} and account_type = 'expense'
          and role is null) as expenses`)
  ).rows;
  if (!accounts) return undefined;
  const dayOf = dayOfPlan(plan);
  const planned: PlannedVoucher[] = [];
  for (const [kind, count, parties] of [
    ['receipt', size.receipts, accounts.customers ?? []],
    ['payment', size.payments, accounts.suppliers ?? []],
    ['expense', size.expenses, accounts.expenses ?? []],
  ] as const) {
    if (count === 0 || parties.length === 0) continue;
    const { rows } = await db.execute<{ party: number; half: number; amount: number }>(sql`
      select (${pick(`${kind}-party`, sql`g`)} % ${parties.length})::int as party,
        (${pick(`${kind}-half`, sql`g`)} % 2)::int as half, (50 + ${pick(`${kind}-amount`, sql`g`)} % 950)::int as amount
      from generate_series(1, ${count}) g order by g`);
    for (const [i, row] of rows.entries())
      planned.push({
        kind,
        date: dayOf(i, count),
        party: parties[row.party] ?? 0,
        half: row.half === 1,
        amount: row.amount,
      });
  }
  planned.sort((a, b) => a.date.localeCompare(b.date));
  return { cash: accounts.cash, planned };
}

type OpenInvoice = { pay_id: number; pay_date: string; remaining: bigint };
type Written = { kind: VoucherKind; date: string; party: number; amount: string; allocations: [number, string][] };

/**
 * Works the planned vouchers out in order: each receipt or payment takes what its party owes on its invoices dated
 * up to its day (after the earlier vouchers' allocations), or half, and settles them oldest first. `open`: the
 * store's invoices still owed, oldest first.
 */
export function workOutVouchers(
  planned: readonly PlannedVoucher[],
  open: readonly { pay_id: number; kind: string; cust_id: number; pay_date: string; remainder: string }[],
): Written[] {
  const byParty = new Map<string, OpenInvoice[]>();
  for (const invoice of open) {
    const key = `${invoice.kind}:${invoice.cust_id}`;
    const list = byParty.get(key) ?? [];
    list.push({
      pay_id: invoice.pay_id,
      pay_date: invoice.pay_date,
      remaining: parseMoney(invoice.remainder) ?? 0n,
    });
    byParty.set(key, list);
  }
  const written: Written[] = [];
  for (const voucher of planned) {
    if (voucher.kind === 'expense') {
      written.push({ ...voucher, amount: `${voucher.amount}.00`, allocations: [] });
      continue;
    }
    const invoices = byParty.get(`${voucher.kind === 'receipt' ? 'pay' : 'perch'}:${voucher.party}`) ?? [];
    let owed = 0n;
    for (const invoice of invoices) if (invoice.pay_date <= voucher.date) owed += invoice.remaining;
    const paid = voucher.half ? owed / 2n : owed;
    if (paid <= 0n) continue;
    const amount = toMoneyString(money(paid));
    const allocations = allocateOldestFirst(
      amount,
      invoices.map((invoice) => ({ pay_id: invoice.pay_id, remaining: toMoneyString(money(invoice.remaining)) })),
    );
    for (const allocation of allocations) {
      const invoice = invoices.find((candidate) => candidate.pay_id === allocation.pay_id);
      if (invoice) invoice.remaining -= parseMoney(allocation.amount) ?? 0n;
    }
    written.push({
      ...voucher,
      amount,
      allocations: allocations.map((allocation) => [allocation.pay_id, allocation.amount]),
    });
  }
  return written;
}

/**
 * Inserts the plan's vouchers (headers, lines, allocations) and posts them, in one transaction. The store's
 * invoices must be in and posted, and it must hold no voucher's allocation yet.
 */
export async function insertVouchers(db: Db, plan: ShopPlan): Promise<number> {
  const { storeId, yearId, user } = plan;
  const planned = await planVouchers(db, plan);
  if (!planned) return 0;
  return db.transaction(async (tx) => {
    const { rows: open } = await tx.execute<{
      pay_id: number;
      kind: string;
      cust_id: number;
      pay_date: string;
      remainder: string;
    }>(sql`
      select pay_id, kind, cust_id, pay_date::text as pay_date, remainder::text as remainder from invoice_remainder
      where store_id = ${storeId} and kind in ('pay', 'perch') and remainder > 0
      order by pay_date, pay_id`);
    const vouchers = workOutVouchers(planned.planned, open);
    if (vouchers.length === 0) return 0;
    const sequence = bookKinds.journal.sequence;
    const { rows: counter } = await tx.execute<{ last: number; store_ref: string }>(sql`
      select coalesce((select last from document_counter where store_id = ${storeId} and kind = ${sequence}), 0)::int
        as last, (select store_ref from store where id = ${storeId}) as store_ref`);
    const first = (counter[0]?.last ?? 0) + 1;
    const storeRef = counter[0]?.store_ref ?? '';
    const refs = vouchers.map((_, n) => formatBookReference(storeRef, 'journal', first + n));
    const column = <T>(of: (voucher: Written, n: number) => T) => arrayOf(vouchers.map(of));
    const { rows: headers } = await tx.execute<{ j_id: number; j_ref: string }>(sql`
      insert into journal (j_ref, store_id, "yearId", user_id, j_date, j_type, j_details, voucher_kind,
        money_account_id, account_id)
      select j_ref, ${storeId}, ${yearId}, ${user.id}, j_date, j_type, j_details, voucher_kind, ${planned.cash}, account_id
      from unnest(${column((_, n) => refs[n])}::text[], ${column((v) => v.date)}::date[],
        ${column((v) => voucherKindLabelsAr[v.kind])}::text[], ${column((v) => voucherDetails[v.kind])}::text[],
        ${column((v) => v.kind)}::text[], ${column((v) => v.party)}::int[])
        with ordinality as v(j_ref, j_date, j_type, j_details, voucher_kind, account_id, n)
      order by n
      returning j_id, j_ref`);
    const idOf = new Map(headers.map((row) => [row.j_ref, row.j_id]));
    const jIds = refs.map((ref) => idOf.get(ref) ?? 0);
    const lines = vouchers.flatMap((voucher, n) =>
      voucherLines(voucher.kind, planned.cash, voucher.party, voucher.amount).map((line, lineNo) => ({
        ...line,
        j_id: jIds[n] ?? 0,
        line_no: lineNo,
        side: sideOf(line) ?? 'from',
      })),
    );
    await tx.execute(sql`
      insert into journal_line (j_id, store_id, side, line_no, ac_id, debit, credit)
      select j_id, ${storeId}, side, line_no, ac_id, debit, credit
      from unnest(${arrayOf(lines.map((l) => l.j_id))}::int[], ${arrayOf(lines.map((l) => l.side))}::text[],
        ${arrayOf(lines.map((l) => l.line_no))}::int[], ${arrayOf(lines.map((l) => l.ac_id))}::int[],
        ${arrayOf(lines.map((l) => l.debit))}::numeric[], ${arrayOf(lines.map((l) => l.credit))}::numeric[])
        with ordinality as l(j_id, side, line_no, ac_id, debit, credit, n)
      order by n`);
    const allocations = vouchers.flatMap((voucher, n) =>
      voucher.allocations.map(([payId, amount]) => ({ j_id: jIds[n] ?? 0, pay_id: payId, amount })),
    );
    if (allocations.length)
      await tx.execute(sql`
        insert into payment_allocation (store_id, j_id, pay_id, amount)
        select ${storeId}, j_id, pay_id, amount
        from unnest(${arrayOf(allocations.map((a) => a.j_id))}::int[], ${arrayOf(allocations.map((a) => a.pay_id))}::int[],
          ${arrayOf(allocations.map((a) => a.amount))}::numeric[]) with ordinality as a(j_id, pay_id, amount, n)
        order by n`);
    await tx.execute(sql`insert into document_counter (store_id, kind, last)
      values (${storeId}, ${sequence}, ${first + vouchers.length - 1})
      on conflict (store_id, kind) do update set last = excluded.last`);
    return postNewJournals(tx, jIds);
  });
}
