/**
 * The generated shop's general journals (`القيود اليومية`, shopGenerator.ts), spread evenly over the plan's days:
 * deposits of the till's takings in the bank and withdrawals from it, payroll (each employee's salary to their
 * department's salaries account, the social insurance withheld to what is owed for it, the rest paid from the bank),
 * expenses accrued at the month's end (maintenance, telephone, cleaning, transport) and the fixed assets' monthly
 * depreciation. Each journal's kind, length and amounts are `hashtext(seed, salt, its number)`; its lines are worked
 * out in cents (`workOutJournal`), so its two sides are equal by construction.
 *
 * Written set-based, as the vouchers are (shopVouchers.ts): the headers and lines inserted a chunk at a time,
 * numbered on the store's journal counter after everything saved before them, and posted by the journal family's
 * rule (`postNewJournals`). The same journals as saving each through `journal/createWithItems` in that order
 * (tested in shopJournals.test.ts).
 */
import { bookKinds, formatBookReference, money, sideOf, toMoneyString } from '@mizan/contract';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { subAccounts } from '../../db/schema.ts';
import { arrayOf } from '../../lib/sqlArray.ts';
import { typed } from '../accounts/accounts.defaults.ts';
import { postNewJournals } from '../journal/journal.writes.ts';
import type { ShopPlan } from './shopGenerator.ts';
import { firstNames, lastNames } from './shopNames.ts';
import { dayOfPlan, seededPick } from './shopVouchers.ts';

/**
 * The accounts the journals name besides the store's cash box and bank, added to the store by the generator (by
 * code, when it has none of that code). Accumulated depreciation is an asset's account on the credit side.
 */
const journalAccounts = [
  { sub_code: '311', sub_name: 'رواتب قسم المبيعات', ac_id: 3, sub_type: 'debit', cat_id: 3 },
  { sub_code: '312', sub_name: 'رواتب المخزن', ac_id: 3, sub_type: 'debit', cat_id: 3 },
  { sub_code: '313', sub_name: 'رواتب الإدارة', ac_id: 3, sub_type: 'debit', cat_id: 3 },
  { sub_code: '320', sub_name: 'إهلاك الأصول الثابتة', ac_id: 3, sub_type: 'debit', cat_id: 3 },
  { sub_code: '331', sub_name: 'صيانة وإصلاحات', ac_id: 3, sub_type: 'debit', cat_id: 3 },
  { sub_code: '332', sub_name: 'الهاتف والإنترنت', ac_id: 3, sub_type: 'debit', cat_id: 3 },
  { sub_code: '333', sub_name: 'النظافة والحراسة', ac_id: 3, sub_type: 'debit', cat_id: 3 },
  { sub_code: '334', sub_name: 'النقل والتوصيل', ac_id: 3, sub_type: 'debit', cat_id: 3 },
  { sub_code: '810', sub_name: 'التأمينات الاجتماعية المستحقة', ac_id: 8, sub_type: 'credit', cat_id: 5 },
  { sub_code: '811', sub_name: 'مصروفات مستحقة', ac_id: 8, sub_type: 'credit', cat_id: 5 },
  {
    sub_code: '820',
    sub_name: 'مجمع إهلاك الأصول الثابتة',
    ac_id: 8,
    sub_type: 'credit',
    cat_id: 5,
    account_type: 'asset',
  },
] as const;
type JournalAccountCode = (typeof journalAccounts)[number]['sub_code'];

const salariesByDepartment: JournalAccountCode[] = ['311', '312', '313'];
const accruedExpenses: JournalAccountCode[] = ['331', '332', '333', '334'];
const fixedAssets = [
  'سيارة التوصيل',
  'الرافعة الشوكية',
  'أرفف المخزن',
  'أجهزة الحاسوب',
  'مكيفات الهواء',
  'أثاث المعرض',
];
const monthsAr = [
  'يناير',
  'فبراير',
  'مارس',
  'أبريل',
  'مايو',
  'يونيو',
  'يوليو',
  'أغسطس',
  'سبتمبر',
  'أكتوبر',
  'نوفمبر',
  'ديسمبر',
];
/** The staff on the payroll; a payroll journal pays a run of them (as many as its length allows). */
const staffSize = 30;
/** Social insurance withheld from salaries, in percent (rounded down to the cent). */
const insurancePercent = 8n;
/** Journals worked out, inserted and posted together: bounds what one `repost` holds in memory. */
const chunkSize = 20_000;

/** Gives the store the journals' accounts it lacks (by code). */
export async function addJournalAccounts(db: DbOrTx, storeId: number) {
  const { rows } = await db.execute<{ sub_code: string }>(
    sql`select sub_code from sub_accounts where store_id = ${storeId} and sub_code is not null`,
  );
  const have = new Set(rows.map((row) => row.sub_code));
  const missing = journalAccounts.filter((account) => !have.has(account.sub_code));
  if (missing.length) await db.insert(subAccounts).values(missing.map((a) => typed({ ...a, store_id: storeId })));
}

/** What the journals are worked out from: the accounts by code, the staff and the assets' monthly depreciation. */
export type JournalBook = {
  cash: number;
  bank: number;
  account: Record<JournalAccountCode, number>;
  staff: { name: string; department: number; salary: bigint }[];
  depreciation: bigint[];
};

/** A journal's lines as `journal/createWithItems` takes them: amounts as decimal strings, one side each. */
export type PlannedJournal = {
  j_date: string;
  j_type: string;
  j_details: string;
  lines: { ac_id: number; debit: string; credit: string; j_desc: string | null }[];
};

/** A journal's choices: `kind` in [0, 20), `extra` lines in [0, journalLines - 1), `picks` one per line. */
type JournalChoices = { n: number; kind: number; extra: number; picks: number[] };

/**
 * The store's accounts the journals name (undefined when one is missing: `addJournalAccounts` first), its staff of
 * 30 (names and monthly salaries in whole pounds, by `hashtext` of the seed and their number) and its fixed assets'
 * monthly depreciation.
 */
export async function readJournalBook(db: DbOrTx, plan: ShopPlan): Promise<JournalBook | undefined> {
  const pick = seededPick(plan.seed);
  const { rows: accounts } = await db.execute<{ id: number; sub_code: string | null; role: string | null }>(sql`
    select id, sub_code, role from sub_accounts where store_id = ${plan.storeId}
      and (role in ('cash_box', 'bank') or sub_code = any(${arrayOf(journalAccounts.map((a) => a.sub_code))}::text[]))`);
  const byRole = (role: string) => accounts.find((a) => a.role === role)?.id;
  const account = Object.fromEntries(
    journalAccounts.map((a) => [a.sub_code, accounts.find((row) => row.sub_code === a.sub_code)?.id]),
  ) as Partial<Record<JournalAccountCode, number>>;
  const cash = byRole('cash_box');
  const bank = byRole('bank');
  if (cash === undefined || bank === undefined || journalAccounts.some((a) => account[a.sub_code] === undefined))
    return undefined;
  const { rows: staff } = await db.execute<{ first: number; last: number; salary: number }>(sql`
    select (${pick('staff-first', sql`e`)} % ${firstNames.length})::int as first,
      (${pick('staff-last', sql`e`)} % ${lastNames.length})::int as last,
      (1200 + ${pick('staff-salary', sql`e`)} % 3800)::int as salary
    from generate_series(1, ${staffSize}::int) e order by e`);
  const { rows: assets } = await db.execute<{ cents: number }>(sql`
    select (20000 + ${pick('asset-depreciation', sql`a`)} % 180000)::int as cents
    from generate_series(1, ${fixedAssets.length}::int) a order by a`);
  return {
    cash,
    bank,
    account: account as Record<JournalAccountCode, number>,
    staff: staff.map((row, e) => ({
      name: `${firstNames[row.first]} ${lastNames[row.last]}`,
      department: e % salariesByDepartment.length,
      salary: BigInt(row.salary) * 100n,
    })),
    depreciation: assets.map((row) => BigInt(row.cents)),
  };
}

/** The choices of journals `first` to `last` (their numbers among the generated journals). */
async function chooseJournals(db: DbOrTx, plan: ShopPlan, first: number, last: number): Promise<JournalChoices[]> {
  const pick = seededPick(plan.seed);
  const lines = plan.size.journalLines;
  const { rows } = await db.execute<JournalChoices>(sql`
    select g as n, (${pick('journal-kind', sql`g`)} % 20)::int as kind,
      (${pick('journal-lines', sql`g`)} % ${Math.max(1, lines - 1)})::int as extra,
      array(select (${pick('journal-amount', sql`g::bigint * 64 + k`)})::int from generate_series(1, ${lines}::int) k
        order by k) as picks
    from generate_series(${first}::int, ${last}::int) g order by g`);
  return rows;
}

const debit = (ac_id: number, cents: bigint, j_desc: string | null = null) => ({
  ac_id,
  debit: toMoneyString(money(cents)),
  credit: '0.00',
  j_desc,
});
const credit = (ac_id: number, cents: bigint, j_desc: string | null = null) => ({
  ac_id,
  debit: '0.00',
  credit: toMoneyString(money(cents)),
  j_desc,
});
const sum = (values: bigint[]) => values.reduce((total, value) => total + value, 0n);

/**
 * One journal from its choices, in cents: eight in twenty move money between the cash box and the bank (two lines),
 * five are payroll, four accrue expenses, three depreciate the fixed assets (2 to `journalLines` lines, the last
 * one or two crediting the sum of the others, so the sides are equal).
 */
export function workOutJournal(choices: JournalChoices, date: string, book: JournalBook): PlannedJournal {
  const { kind, picks } = choices;
  const at = (k: number) => picks[k % picks.length] ?? 0;
  const length = 2 + choices.extra;
  const month = monthsAr[Number(date.slice(5, 7)) - 1] ?? '';
  if (kind < 8) {
    const cents = BigInt(500 + (at(1) % 20_000)) * 100n;
    return at(0) % 4 === 0
      ? {
          j_date: date,
          j_type: 'سحب من البنك إلى الخزينة',
          j_details: 'سحب نقدية من البنك إلى الخزينة',
          lines: [debit(book.cash, cents), credit(book.bank, cents)],
        }
      : {
          j_date: date,
          j_type: 'إيداع نقدية في البنك',
          j_details: 'إيداع إيراد المبيعات في البنك',
          lines: [debit(book.bank, cents), credit(book.cash, cents)],
        };
  }
  if (kind < 13) {
    const paid = Array.from(
      { length: Math.max(1, length - 2) },
      (_, k) => book.staff[(at(0) + k) % book.staff.length] ?? { name: '', department: 0, salary: 0n },
    );
    const total = sum(paid.map((employee) => employee.salary));
    const insurance = (total * insurancePercent) / 100n;
    return {
      j_date: date,
      j_type: 'قيد رواتب',
      j_details: `رواتب شهر ${month}`,
      lines: [
        ...paid.map((employee) =>
          debit(
            book.account[salariesByDepartment[employee.department] ?? '311'],
            employee.salary,
            `راتب ${employee.name}`,
          ),
        ),
        credit(book.account['810'], insurance, 'التأمينات الاجتماعية المستقطعة'),
        credit(book.bank, total - insurance, 'صافي الرواتب المحولة'),
      ],
    };
  }
  const count = Math.max(1, length - 1);
  if (kind < 17) {
    const accrued = Array.from({ length: count }, (_, k) => ({
      code: accruedExpenses[at(k + 1) % accruedExpenses.length] ?? '331',
      cents: BigInt(5_000 + (at(k + 1) % 300_000)),
    }));
    return {
      j_date: date,
      j_type: 'قيد استحقاق',
      j_details: `مصروفات مستحقة عن شهر ${month}`,
      lines: [
        ...accrued.map((line) => debit(book.account[line.code], line.cents)),
        credit(book.account['811'], sum(accrued.map((line) => line.cents))),
      ],
    };
  }
  const assets = Array.from({ length: count }, (_, k) => (at(0) + k) % fixedAssets.length);
  const amounts = assets.map((asset) => book.depreciation[asset] ?? 0n);
  return {
    j_date: date,
    j_type: 'قيد إهلاك',
    j_details: `إهلاك الأصول الثابتة لشهر ${month}`,
    lines: [
      ...assets.map((asset, k) => debit(book.account['320'], amounts[k] ?? 0n, `إهلاك ${fixedAssets[asset]}`)),
      credit(book.account['820'], sum(amounts)),
    ],
  };
}

/** The journals `first` to `last` of the plan, in their order (which is their dates'). */
export async function planJournals(
  db: DbOrTx,
  plan: ShopPlan,
  book: JournalBook,
  first: number,
  last: number,
): Promise<PlannedJournal[]> {
  const dayOf = dayOfPlan(plan);
  return (await chooseJournals(db, plan, first, last)).map((choices) =>
    workOutJournal(choices, dayOf(choices.n - 1, plan.size.journals), book),
  );
}

/**
 * Adds the journals' accounts, then inserts and posts the plan's journals a chunk at a time, each chunk in its own
 * transaction, numbered on the store's journal counter after what it holds. Answers how many posted.
 */
export async function insertJournals(
  db: Db,
  plan: ShopPlan,
  tell?: (done: number, of: number) => void,
): Promise<number> {
  const { storeId, yearId, user, size } = plan;
  const sequence = bookKinds.journal.sequence;
  if (size.journals === 0) return 0;
  await addJournalAccounts(db, storeId);
  const book = await readJournalBook(db, plan);
  if (!book) throw new Error(`store ${storeId} lacks the accounts its generated journals name`);
  let posted = 0;
  for (let first = 1; first <= size.journals; first += chunkSize) {
    const last = Math.min(size.journals, first + chunkSize - 1);
    tell?.(first - 1, size.journals);
    const journals = await planJournals(db, plan, book, first, last);
    posted += await db.transaction(async (tx) => {
      const { rows: counter } = await tx.execute<{ last: number; store_ref: string }>(sql`
        select coalesce((select last from document_counter where store_id = ${storeId} and kind = ${sequence}), 0)::int
          as last, (select store_ref from store where id = ${storeId}) as store_ref`);
      const next = (counter[0]?.last ?? 0) + 1;
      const refs = journals.map((_, n) => formatBookReference(counter[0]?.store_ref ?? '', 'journal', next + n));
      const { rows: headers } = await tx.execute<{ j_id: number; j_ref: string }>(sql`
        insert into journal (j_ref, store_id, "yearId", user_id, j_date, j_type, j_details)
        select j_ref, ${storeId}, ${yearId}, ${user.id}, j_date, j_type, j_details
        from unnest(${arrayOf(refs)}::text[], ${arrayOf(journals.map((j) => j.j_date))}::date[],
          ${arrayOf(journals.map((j) => j.j_type))}::text[], ${arrayOf(journals.map((j) => j.j_details))}::text[])
          with ordinality as j(j_ref, j_date, j_type, j_details, n)
        order by n
        returning j_id, j_ref`);
      const idOf = new Map(headers.map((row) => [row.j_ref, row.j_id]));
      const jIds = refs.map((ref) => idOf.get(ref) ?? 0);
      const lines = journals.flatMap((journal, n) =>
        journal.lines.map((line, lineNo) => ({
          ...line,
          j_id: jIds[n] ?? 0,
          line_no: lineNo,
          side: sideOf(line) ?? 'from',
        })),
      );
      const column = <T>(of: (line: (typeof lines)[number]) => T) => arrayOf(lines.map(of));
      await tx.execute(sql`
        insert into journal_line (j_id, store_id, side, line_no, ac_id, debit, credit, j_desc)
        select j_id, ${storeId}, side, line_no, ac_id, debit, credit, j_desc
        from unnest(${column((l) => l.j_id)}::int[], ${column((l) => l.side)}::text[],
          ${column((l) => l.line_no)}::int[], ${column((l) => l.ac_id)}::int[],
          ${column((l) => l.debit)}::numeric[], ${column((l) => l.credit)}::numeric[], ${column((l) => l.j_desc)}::text[])
          with ordinality as l(j_id, side, line_no, ac_id, debit, credit, j_desc, n)
        order by n`);
      await tx.execute(sql`insert into document_counter (store_id, kind, last)
        values (${storeId}, ${sequence}, ${next + journals.length - 1})
        on conflict (store_id, kind) do update set last = excluded.last`);
      return postNewJournals(tx, jIds);
    });
  }
  return posted;
}
