/**
 * Journals stay right whatever order a shop (or a legacy client cut off between its calls) saves, edits and deletes
 * them in. Random sequences of one-call saves and edits, legacy headers, lines added to either side, one line
 * edited, one side's lines deleted, header dates moved and deletes, in two years, go through the real HTTP layer;
 * after every step:
 * - no answer is a 5xx, a balanced one-call save is saved and an unbalanced one refused;
 * - a journal is in the ledger exactly when its two sides are equal and non-zero (`posted`), then with exactly its
 *   lines, on its date and in its year; its kept totals are its lines' sums; nothing posts for a journal that is gone;
 * - debits equal credits in every store and year, and every kept account sum equals its ledger lines.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { describeEachDatabase, type TestClient } from '../../test/testApp.ts';
import { journalFixtures, RIGHT_BOOKS } from './journal.fixtures.ts';

type YearNo = 1 | 2;
type Side = 'from' | 'to';
type Step =
  | { t: 'save'; year: YearNo; debits: number[]; credits: number; balanced: boolean; day: number }
  | { t: 'edit'; doc: number; debits: number[]; credits: number; balanced: boolean; day: number }
  | { t: 'header'; year: YearNo; day: number }
  | { t: 'lines'; doc: number; side: Side; amounts: number[]; byRef: boolean }
  | { t: 'editLine'; doc: number; side: Side; line: number; amount: number }
  | { t: 'clearSide'; doc: number; side: Side }
  | { t: 'move'; doc: number; day: number }
  | { t: 'delete'; doc: number; legacy: boolean };

const ACCOUNTS = 6;
const cents = fc.integer({ min: 1, max: 20_000 });
const doc = fc.nat(12);
const side = fc.constantFrom<Side>('from', 'to');
const day = fc.integer({ min: 1, max: 28 });
const shape = { debits: fc.array(cents, { minLength: 1, maxLength: 3 }), credits: fc.integer({ min: 1, max: 3 }) };
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('save' as const),
      year: fc.constantFrom<YearNo>(1, 2),
      ...shape,
      balanced: fc.constantFrom(true, true, false),
      day,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ t: fc.constant('edit' as const), doc, ...shape, balanced: fc.boolean(), day }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('header' as const), year: fc.constantFrom<YearNo>(1, 2), day }) },
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant('lines' as const),
      doc,
      side,
      amounts: fc.array(fc.oneof(cents, fc.constant(0)), { minLength: 1, maxLength: 2 }),
      byRef: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ t: fc.constant('editLine' as const), doc, side, line: fc.nat(3), amount: cents }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('clearSide' as const), doc, side }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('move' as const), doc, day }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('delete' as const), doc, legacy: fc.boolean() }) },
);

/** An amount of whole cents as the wire carries it. */
const amount = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
const dateIn = (year: YearNo, d: number) => `${year === 1 ? 2026 : 2025}-05-${String(d).padStart(2, '0')}`;

describeEachDatabase('journal invariants', (ctx) => {
  const { signedIn, accountsOf, booksAreRight, rows } = journalFixtures(ctx);

  /** Every way a journal can disagree with its ledger lines, as readable strings (none when the books are right). */
  const brokenJournals = async () => {
    const wrong = await rows<{ j_id: number }>(sql`
      with l as (select j_id, sum(debit) d, sum(credit) c from journal_line group by j_id),
      p as (select source_id, min(line_date) first_day, max(line_date) last_day, min("yearId") y, max("yearId") y2
            from ledger_line where source_kind = 'journal' group by source_id)
      select coalesce(j.j_id, p.source_id) as j_id from journal j
      left join l on l.j_id = j.j_id
      full join p on p.source_id = j.j_id
      where j.j_id is null
        or j.posted <> (coalesce(l.d, 0) = coalesce(l.c, 0) and coalesce(l.d, 0) > 0)
        or j.j_pay <> coalesce(l.d, 0) or j.credit_total <> coalesce(l.c, 0)
        or (not j.posted and p.source_id is not null)
        or (j.posted and (p.first_day <> j.j_date or p.last_day <> j.j_date or p.y <> j."yearId" or p.y2 <> j."yearId"))`);
    const unposted = await rows<{ j_id: number }>(sql`
      (select jl.j_id, jl.ac_id, jl.debit, jl.credit from journal_line jl join journal j on j.j_id = jl.j_id
       where j.posted
       except all
       select source_id, account_id, debit, credit from ledger_line where source_kind = 'journal')
      union all
      (select source_id, account_id, debit, credit from ledger_line where source_kind = 'journal'
       except all
       select jl.j_id, jl.ac_id, jl.debit, jl.credit from journal_line jl join journal j on j.j_id = jl.j_id
       where j.posted)`);
    return [
      ...wrong.map((r) => `journal ${r.j_id}: totals, flag or postings`),
      ...unposted.map((r) => `lines of ${r.j_id}`),
    ];
  };

  it('a journal is in the ledger exactly when it balances, with exactly its lines; the books balance after every step', async () => {
    const c = await signedIn();
    const { byRole, byName } = await accountsOf(1);
    const pool = [
      byRole('cash_box'),
      byRole('bank'),
      byName('إيجار المحل'),
      byName('الكهرباء'),
      byName('محمد عثمان للتجارة'),
      byName('شركة الخليج للاسبيرات'),
    ];
    const account = (i: number) => pool[i % ACCOUNTS] as number;
    const known: { j_id: number; j_ref: string; year: YearNo }[] = [];
    const pick = (i: number) => known[i % Math.max(known.length, 1)];

    const oneCallLines = (s: { debits: number[]; credits: number; balanced: boolean }, seed: number) => {
      const total = s.debits.reduce((a, b) => a + b, 0) + (s.balanced ? 0 : 1);
      const parts = Math.min(s.credits, total);
      const credits = Array.from({ length: parts }, (_, i) =>
        i < parts - 1 ? Math.floor(total / parts) : total - Math.floor(total / parts) * (parts - 1),
      );
      return [
        ...s.debits.map((d, i) => ({ ac_id: account(seed + i), debit: amount(d), credit: '0' })),
        ...credits.map((cr, i) => ({ ac_id: account(seed + 3 + i), debit: '0', credit: amount(cr) })),
      ];
    };
    const send = async (client: TestClient, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) => {
      const response = await client.request(method, url, body);
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(body)} → ${response.body}`).toBeLessThan(500);
      return response;
    };

    const run = async (steps: Step[]) => {
      for (const [n, s] of steps.entries()) {
        const target = 'doc' in s ? pick(s.doc) : undefined;
        const base = (year: YearNo) => (year === 1 ? '/api' : '/api23');
        if (s.t === 'save') {
          const saved = await send(c, 'POST', `${base(s.year)}/journal/createWithItems`, {
            invoice: { j_date: dateIn(s.year, s.day), j_details: `قيد ${n}`, yearId: s.year },
            items: oneCallLines(s, n),
          });
          expect(saved.statusCode).toBe(s.balanced ? 200 : 400);
          if (saved.statusCode === 200) known.push({ ...saved.json().data[0], year: s.year });
        } else if (s.t === 'header') {
          const saved = await send(c, 'POST', `${base(s.year)}/journal/create.php`, {
            j_ref: `shJO${n}${s.day}`,
            j_date: dateIn(s.year, s.day),
            j_type: 'سند قبض',
            yearId: s.year,
          });
          expect(saved.statusCode).toBe(200);
          known.push({ ...saved.json().data[0], year: s.year });
        } else if (target && s.t === 'edit') {
          await send(c, 'POST', `${base(target.year)}/journal/updateWithItems`, {
            invoice: { j_id: target.j_id, j_date: dateIn(target.year, s.day), yearId: target.year },
            items: oneCallLines(s, n),
          });
        } else if (target && s.t === 'lines') {
          const lines = s.amounts.map((a, i) => ({
            id: 'NULL',
            ...(s.byRef ? { j_ref: target.j_ref } : { j_id: target.j_id }),
            ac_id: account(n + i),
            debit: s.side === 'from' ? amount(a) : 0,
            credit: s.side === 'to' ? amount(a) : 0,
            yearId: target.year,
            store_id: 1,
          }));
          const url = `${base(target.year)}/jdetails_${s.side}/createMulti.php`;
          const added = await c.request('POST', url, JSON.stringify(lines), { 'content-type': 'text/plain' });
          expect(added.statusCode, added.body).toBeLessThan(500);
        } else if (target && s.t === 'editLine') {
          const lines = (await send(c, 'GET', `/api/jdetails_${s.side}/readByJournalId?j_id=${target.j_id}`)).json()
            .data as { id: number; ac_id: number }[];
          const line = lines[s.line % Math.max(lines.length, 1)];
          if (line)
            await send(c, 'POST', `/api/jdetails_${s.side}/update.php`, {
              ...line,
              debit: s.side === 'from' ? amount(s.amount) : '0',
              credit: s.side === 'to' ? amount(s.amount) : '0',
            });
        } else if (target && s.t === 'clearSide') {
          await send(
            c,
            'DELETE',
            `${base(target.year)}/jdetails_${s.side}/deleteMultiServices.php?j_ref=${target.j_ref}&yearId=${target.year}`,
          );
        } else if (target && s.t === 'move') {
          await send(c, 'POST', `${base(target.year)}/journal/update.php`, {
            j_id: target.j_id,
            j_date: dateIn(target.year, s.day),
            j_details: `نقل ${n}`,
            yearId: target.year,
          });
        } else if (target && s.t === 'delete') {
          if (s.legacy)
            await send(
              c,
              'DELETE',
              `${base(target.year)}/journal/deleteMultiServices?j_ref=${target.j_ref}&yearId=${target.year}`,
            );
          else await send(c, 'POST', '/api/journal/deleteWithItems', { j_id: target.j_id });
        }
        expect(await brokenJournals(), `after step ${n}: ${JSON.stringify(s)}`).toEqual([]);
        expect(await booksAreRight(), `after step ${n}: ${JSON.stringify(s)}`).toEqual(RIGHT_BOOKS);
      }
    };

    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 14 }), (steps) => run(steps)),
      { numRuns: 12, endOnFailure: true },
    );
  }, 240_000);
});
