import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/testApp.ts';
import { journalFixtures, RIGHT_BOOKS } from './journal.fixtures.ts';

/** Our screens save a journal in one call: `{ invoice, items }`, all in one transaction, refused unless it balances. */
describeEachDatabase('journals saved in one call', (ctx) => {
  const { signedIn, accountsOf, ledgerOf, keptBalance, booksAreRight, countJournals, rows } = journalFixtures(ctx);
  const invoice = (fields: object = {}) => ({
    j_date: '2026-04-05',
    j_details: 'إيجار وكهرباء شهر أبريل',
    j_type: 'سند دفع',
    yearId: 1,
    ...fields,
  });

  it('a balanced journal posts every line on its date; an edit replaces every line; a delete takes it all back', async () => {
    const c = await signedIn();
    const { byRole, byName } = await accountsOf(1);
    const [rent, power, cash, bank] = [byName('إيجار المحل'), byName('الكهرباء'), byRole('cash_box'), byRole('bank')];
    const before = { rent: await keptBalance(rent), power: await keptBalance(power), cash: await keptBalance(cash) };

    const saved = await c.post('/api/journal/createWithItems', {
      invoice: invoice(),
      items: [
        { ac_id: rent, debit: '100.00', credit: '0', j_desc: 'إيجار أبريل' },
        { ac_id: power, debit: '50.5', credit: 0 },
        { ac_id: cash, debit: 0, credit: '150.50' },
      ],
    });
    expect(saved.statusCode).toBe(200);
    const journal = saved.json().data[0];
    expect(journal).toMatchObject({ j_date: '2026-04-05', j_pay: '150.50', credit_total: '150.50', posted: true });
    expect(journal.j_ref).toMatch(/^SH-J-\d{6}$/);
    expect(
      journal.items.map((l: { side: string; debit: string; credit: string }) => [l.side, l.debit, l.credit]),
    ).toEqual([
      ['from', '100.00', '0.00'],
      ['from', '50.50', '0.00'],
      ['to', '0.00', '150.50'],
    ]);
    expect(await ledgerOf(journal.j_id)).toEqual([
      { account_id: rent, debit: '100.00', credit: '0.00', line_date: '2026-04-05', memo: 'إيجار أبريل' },
      { account_id: power, debit: '50.50', credit: '0.00', line_date: '2026-04-05', memo: 'إيجار وكهرباء شهر أبريل' },
      { account_id: cash, debit: '0.00', credit: '150.50', line_date: '2026-04-05', memo: 'إيجار وكهرباء شهر أبريل' },
    ]);
    const [reference] = await rows<{ reference: string }>(
      sql`select distinct reference from ledger_line where source_kind = 'journal' and source_id = ${journal.j_id}`,
    );
    expect(reference?.reference).toBe(journal.j_ref);
    expect(Number(await keptBalance(rent)) - Number(before.rent)).toBe(100);
    expect(Number(await keptBalance(cash)) - Number(before.cash)).toBe(-150.5);
    expect(await booksAreRight()).toEqual(RIGHT_BOOKS);

    // Every line replaced, not only the first of each side; the date moves the postings with it.
    const edited = await c.post('/api/journal/updateWithItems', {
      invoice: invoice({ j_id: journal.j_id, j_date: '2026-04-07', j_details: 'كهرباء فقط' }),
      items: [
        { ac_id: power, debit: '80', credit: '0' },
        { ac_id: bank, debit: '0', credit: '80' },
      ],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data[0]).toMatchObject({ j_id: journal.j_id, j_ref: journal.j_ref, j_pay: '80.00' });
    expect(edited.json().data[0].items).toHaveLength(2);
    expect(await ledgerOf(journal.j_id)).toEqual([
      { account_id: power, debit: '80.00', credit: '0.00', line_date: '2026-04-07', memo: 'كهرباء فقط' },
      { account_id: bank, debit: '0.00', credit: '80.00', line_date: '2026-04-07', memo: 'كهرباء فقط' },
    ]);
    expect(await keptBalance(rent)).toBe(before.rent);
    expect(await keptBalance(cash)).toBe(before.cash);
    expect(Number(await keptBalance(power)) - Number(before.power)).toBe(80);
    expect(await booksAreRight()).toEqual(RIGHT_BOOKS);

    const read = (await c.get(`/api/journal/read_single?j_id=${journal.j_id}`)).json().data[0];
    expect(read.items.map((l: { ac_id: number; sub_name: string }) => [l.ac_id, l.sub_name])).toEqual([
      [power, 'الكهرباء'],
      [bank, 'البنك'],
    ]);

    const deleted = await c.post('/api/journal/deleteWithItems', { j_id: journal.j_id, j_ref: journal.j_ref });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data).toEqual([{ j_id: journal.j_id }]);
    expect(await ledgerOf(journal.j_id)).toEqual([]);
    expect(await keptBalance(power)).toBe(before.power);
    expect(await keptBalance(bank)).toBe('0.00');
    expect((await c.get(`/api/journal/read_single?j_id=${journal.j_id}`)).statusCode).toBe(404);
    expect((await c.post('/api/journal/deleteWithItems', { j_id: journal.j_id })).statusCode).toBe(404);
    expect(await booksAreRight()).toEqual(RIGHT_BOOKS);

    const logged = await rows<{ typee: string }>(sql`
      select typee from "logHistory" where "logToken"->>'j_id' = ${String(journal.j_id)} order by id`);
    expect(logged.map((row) => row.typee)).toEqual(['insert journal', 'update journal', 'delete journal']);
  });

  it('refuses an unbalanced or zero journal, a line on both or neither side, a foreign or stock account: nothing saved', async () => {
    const c = await signedIn();
    const { byRole, byName } = await accountsOf(1);
    const other = await accountsOf(2);
    const [rent, cash] = [byName('إيجار المحل'), byRole('cash_box')];
    const journals = await countJournals();
    const refusals: [object, number, string, Record<string, string>][] = [
      [
        [
          { ac_id: rent, debit: '100', credit: '0' },
          { ac_id: cash, debit: '0', credit: '99.99' },
        ],
        400,
        'JOURNAL_UNBALANCED',
        { items: 'JOURNAL_UNBALANCED' },
      ],
      [[], 400, 'JOURNAL_UNBALANCED', { items: 'JOURNAL_UNBALANCED' }],
      [[{ ac_id: rent, debit: '100', credit: '0' }], 400, 'JOURNAL_UNBALANCED', { items: 'JOURNAL_UNBALANCED' }],
      [
        [
          { ac_id: rent, debit: '10', credit: '10' },
          { ac_id: cash, debit: '0', credit: '0' },
        ],
        400,
        'JOURNAL_LINE_ONE_SIDE',
        { 'items.0.debit': 'JOURNAL_LINE_ONE_SIDE', 'items.1.debit': 'JOURNAL_LINE_ONE_SIDE' },
      ],
      [
        [
          { ac_id: rent, debit: '10', credit: '0' },
          { ac_id: other.byRole('cash_box'), debit: '0', credit: '10' },
        ],
        400,
        'ACCOUNT_NOT_FOUND',
        { 'items.1.ac_id': 'ACCOUNT_NOT_FOUND' },
      ],
      [
        [
          { ac_id: 2_000_000, debit: '10', credit: '0' },
          { ac_id: cash, debit: '0', credit: '10' },
        ],
        400,
        'ACCOUNT_NOT_FOUND',
        { 'items.0.ac_id': 'ACCOUNT_NOT_FOUND' },
      ],
      [
        [
          { ac_id: byRole('inventory'), debit: '10', credit: '0' },
          { ac_id: cash, debit: '0', credit: '10' },
        ],
        400,
        'ACCOUNT_KEPT_BY_STOCK',
        { 'items.0.ac_id': 'ACCOUNT_KEPT_BY_STOCK' },
      ],
      [
        [
          { ac_id: rent, debit: '-10', credit: '0' },
          { ac_id: cash, debit: '0', credit: '-10' },
        ],
        400,
        'VALIDATION_FAILED',
        { 'items.0.debit': 'AMOUNT_NEGATIVE', 'items.1.credit': 'AMOUNT_NEGATIVE' },
      ],
    ];
    for (const [items, status, code, fields] of refusals) {
      const refused = await c.post('/api/journal/createWithItems', { invoice: invoice(), items });
      expect(refused.statusCode, JSON.stringify(items)).toBe(status);
      expect(refused.json().error).toMatchObject({ code, fields });
      expect(refused.json().error.message).toMatch(/[\u0600-\u06FF]/);
    }
    const outside = await c.post('/api/journal/createWithItems', {
      invoice: invoice({ j_date: '2027-01-01' }),
      items: [
        { ac_id: rent, debit: '10', credit: '0' },
        { ac_id: cash, debit: '0', credit: '10' },
      ],
    });
    expect(outside.json().error).toMatchObject({ code: 'DATE_OUTSIDE_YEAR', fields: { j_date: 'DATE_OUTSIDE_YEAR' } });
    expect(await countJournals()).toBe(journals);
    expect(await booksAreRight()).toEqual(RIGHT_BOOKS);
  });

  it('a refused edit leaves the journal and its postings as they were', async () => {
    const c = await signedIn();
    const { byRole, byName } = await accountsOf(1);
    const [rent, cash] = [byName('إيجار المحل'), byRole('cash_box')];
    const items = [
      { ac_id: rent, debit: '30', credit: '0' },
      { ac_id: cash, debit: '0', credit: '30' },
    ];
    const journal = (await c.post('/api/journal/createWithItems', { invoice: invoice(), items })).json().data[0];
    const posted = await ledgerOf(journal.j_id);
    const unbalanced = await c.post('/api/journal/updateWithItems', {
      invoice: invoice({ j_id: journal.j_id }),
      items: [{ ac_id: rent, debit: '30', credit: '0' }],
    });
    expect(unbalanced.json().error.code).toBe('JOURNAL_UNBALANCED');
    const otherYear = await c.post('/api/journal/updateWithItems', {
      invoice: invoice({ j_id: journal.j_id, yearId: 2, j_date: '2025-04-05' }),
      items,
    });
    expect(otherYear.statusCode).toBe(409);
    expect(otherYear.json().error.code).toBe('DOCUMENT_IN_OTHER_YEAR');
    expect(await ledgerOf(journal.j_id)).toEqual(posted);
    const read = (await c.get(`/api/journal/read_single?j_id=${journal.j_id}`)).json().data[0];
    expect(read).toMatchObject({ j_pay: '30.00', posted: true });
    expect(read.items).toHaveLength(2);

    // Another store's session finds no such journal to change or delete.
    const keeper = await signedIn('admin', 'admin123', 2);
    const theirs = await accountsOf(2);
    const foreign = await keeper.post('/api/journal/updateWithItems', {
      invoice: invoice({ j_id: journal.j_id }),
      items: [
        { ac_id: theirs.byRole('bank'), debit: '1', credit: '0' },
        { ac_id: theirs.byRole('cash_box'), debit: '0', credit: '1' },
      ],
    });
    expect(foreign.statusCode).toBe(404);
    expect((await keeper.post('/api/journal/deleteWithItems', { j_id: journal.j_id })).statusCode).toBe(404);
    expect(await ledgerOf(journal.j_id)).toEqual(posted);
  });

  it('a save sent twice with one key (a retry) is saved once; the same key with other lines is refused', async () => {
    const c = await signedIn(); // a cashier's role posts no journals (issue 22's roles)
    const { byRole } = await accountsOf(1);
    const body = {
      invoice: invoice({ j_type: 'سند قبض' }),
      items: [
        { ac_id: byRole('cash_box'), debit: '12', credit: '0' },
        { ac_id: byRole('bank'), debit: '0', credit: '12' },
      ],
      idempotency_key: 'journal-retry-0001',
    };
    const [first, second] = await Promise.all([
      c.post('/api/journal/createWithItems', body),
      c.post('/api/journal/createWithItems', body),
    ]);
    expect(first?.statusCode).toBe(200);
    expect(second?.json().data[0].j_id).toBe(first?.json().data[0].j_id);
    const reused = await c.post('/api/journal/createWithItems', {
      ...body,
      items: body.items.map((line) => ({
        ...line,
        debit: line.debit === '0' ? '0' : '13',
        credit: line.credit === '0' ? '0' : '13',
      })),
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await booksAreRight()).toEqual(RIGHT_BOOKS);
  });
});
