import { expect, it } from 'vitest';
import { describeEachDatabase, type TestClient } from '../../test/testApp.ts';
import { journalFixtures, RIGHT_BOOKS } from './journal.fixtures.ts';

/**
 * The legacy client saves a voucher in three calls (domain.md 5.6): `journal/create` (answering the new j_id in
 * `message`), then `jdetails_from/createMulti` (debit lines), then `jdetails_to/createMulti` (credit lines); it edits
 * with `journal/update` and `jdetails_*\/update`, and deletes the header, then the debit lines, then the credit lines,
 * each by `j_ref`. A journal posts when, and only when, its two sides are equal and non-zero.
 */
describeEachDatabase('legacy three-call journals', (ctx) => {
  const { signedIn, accountsOf, ledgerOf, keptBalance, booksAreRight, countJournals } = journalFixtures(ctx);
  /** Lines as the old client posts them: a JSON string of an array with the fields it always sent. */
  const legacyLines = (lines: object[]) =>
    JSON.stringify(
      lines.map((line) => ({ id: 'NULL', store_id: 1, yearId: 1, j_desc: '', j_type: 'سند قبض', ...line })),
    );
  const postLines = (c: TestClient, side: 'from' | 'to', lines: object[], base = '/api') =>
    c.request('POST', `${base}/jdetails_${side}/createMulti.php`, legacyLines(lines), { 'content-type': 'text/plain' });
  const header = (fields: object = {}) => ({
    j_id: null,
    j_ref: 'shJO83145912',
    j_details: 'سند قبض من محمد عثمان',
    j_type: 'سند قبض',
    invo_ref: 'shINV8314',
    j_desc: '',
    j_date: '2026-03-10',
    store_id: 1,
    user_id: 1,
    j_pay: '150',
    standard_details: 'من حساب الخزينة الي حساب محمد عثمان للتجارة',
    yearId: 1,
    ...fields,
  });

  it('posts nothing until its two sides are equal, then posts them on its date; edits and deletes follow', async () => {
    const c = await signedIn();
    const { byRole, byName } = await accountsOf(1);
    const cash = byRole('cash_box');
    const bank = byRole('bank');
    const customer = byName('محمد عثمان للتجارة');
    const [cashBefore, customerBefore] = [await keptBalance(cash), await keptBalance(customer)];

    // 1. The header: the new j_id in `message`, a reference of the server's, nothing posted.
    const created = await c.post('/api/journal/create.php', header());
    expect(created.statusCode).toBe(200);
    const jId = created.json().message;
    expect(typeof jId).toBe('number');
    const journal = created.json().data[0];
    expect(journal).toMatchObject({ j_id: jId, j_type: 'سند قبض', j_pay: '0.00', posted: false, items: [] });
    expect(journal.j_ref).toMatch(/^SH-J-\d{6}$/);
    expect(await ledgerOf(jId)).toEqual([]);

    // 2. The debit side: one-sided, so still nothing in the ledger.
    const from = await postLines(c, 'from', [
      { j_id: jId, j_ref: 'shJO83145912', ac_id: cash, debit: 150, credit: 0, sub_code: '401', sub_name: 'الخزينة' },
    ]);
    expect(from.statusCode).toBe(200);
    expect(from.json().data[0]).toMatchObject({ j_id: jId, j_pay: '150.00', credit_total: '0.00', posted: false });
    expect(await ledgerOf(jId)).toEqual([]);
    expect(await keptBalance(cash)).toBe(cashBefore);

    // 3. The credit side, found by the client's own reference: balanced, posted on the journal's date.
    const to = await postLines(c, 'to', [{ j_ref: 'shJO83145912', ac_id: customer, debit: '0', credit: '150' }]);
    expect(to.statusCode).toBe(200);
    const posted = to.json().data[0];
    expect(posted).toMatchObject({ j_id: jId, j_pay: '150.00', credit_total: '150.00', posted: true });
    expect(posted.items.map((l: { side: string; ac_id: number }) => [l.side, l.ac_id])).toEqual([
      ['from', cash],
      ['to', customer],
    ]);
    expect(await ledgerOf(jId)).toEqual([
      { account_id: cash, debit: '150.00', credit: '0.00', line_date: '2026-03-10', memo: 'سند قبض من محمد عثمان' },
      { account_id: customer, debit: '0.00', credit: '150.00', line_date: '2026-03-10', memo: 'سند قبض من محمد عثمان' },
    ]);
    expect(Number(await keptBalance(cash)) - Number(cashBefore)).toBe(150);
    expect(Number(await keptBalance(customer)) - Number(customerBefore)).toBe(-150);
    expect(await booksAreRight()).toEqual(RIGHT_BOOKS);

    // The reads of the legacy record and edit screens.
    const single = await c.get(`/api/journal/read_single.php?j_id=${jId}`);
    expect(single.json().data[0]).toMatchObject({ j_id: jId, posted: true, j_details: 'سند قبض من محمد عثمان' });
    expect(single.json().data[0].items).toHaveLength(2);
    const fromLines = (await c.get(`/api/jdetails_from/readByJournalId.php?j_id=${jId}`)).json().data;
    const toLines = (await c.get(`/api/jdetails_to/readByJournalId?j_id=${jId}`)).json().data;
    expect(fromLines).toMatchObject([{ j_id: jId, ac_id: cash, debit: '150.00', credit: '0.00', sub_name: 'الخزينة' }]);
    expect(toLines).toMatchObject([{ j_id: jId, ac_id: customer, debit: '0.00', credit: '150.00' }]);
    for (const read of [
      'getTopSales?yearId=1',
      'getSalesByDate?from=2026-03-10&yearId=1',
      'getSales2Date?from=2026-03-01&to=2026-03-31&yearId=1',
    ]) {
      expect((await c.get(`/api/journal/${read}`)).json().data.map((j: { j_id: number }) => j.j_id)).toContain(jId);
      const lines = (await c.get(`/api/jdetails_to/${read}`)).json().data;
      expect(lines.map((l: { j_id: number }) => l.j_id)).toContain(jId);
    }
    expect((await c.get('/api/journal/getSalesByDate?from=2026-03-11&yearId=1')).json().data).toEqual([]);
    expect((await c.get('/api/jdetails_from/getSalesByDate?from=2026-03-11&yearId=1')).json().data).toEqual([]);

    // 4. A header edit moves the postings to its new date.
    const moved = await c.post(
      '/api/journal/update.php',
      header({ j_id: jId, j_date: '2026-03-12', j_details: 'تعديل' }),
    );
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data[0]).toMatchObject({ j_date: '2026-03-12', posted: true, j_ref: journal.j_ref });
    expect((await ledgerOf(jId)).map((l) => [l.line_date, l.memo])).toEqual([
      ['2026-03-12', 'تعديل'],
      ['2026-03-12', 'تعديل'],
    ]);

    // 5. One line edited (the legacy edit screen's way): unbalanced, so it leaves the ledger...
    const [fromLine] = fromLines;
    const [toLine] = toLines;
    const oneSide = await c.post('/api/jdetails_from/update.php', {
      ...fromLine,
      ac_id: bank,
      debit: '200',
      credit: 0,
    });
    expect(oneSide.statusCode).toBe(200);
    expect(oneSide.json().data[0]).toMatchObject({ j_pay: '200.00', credit_total: '150.00', posted: false });
    expect(await ledgerOf(jId)).toEqual([]);
    expect(await keptBalance(cash)).toBe(cashBefore);
    expect(await keptBalance(customer)).toBe(customerBefore);
    expect(await booksAreRight()).toEqual(RIGHT_BOOKS);
    // ...and the other side's edit balances it again.
    const other = await c.post('/api/jdetails_to/update', { ...toLine, credit: '200.00' });
    expect(other.json().data[0]).toMatchObject({ posted: true, j_pay: '200.00' });
    expect((await ledgerOf(jId)).map((l) => [l.account_id, l.debit, l.credit])).toEqual([
      [bank, '200.00', '0.00'],
      [customer, '0.00', '200.00'],
    ]);
    expect(await booksAreRight()).toEqual(RIGHT_BOOKS);

    // 6. Every line replaced: the lines deleted by reference, then new ones sent.
    const ref = journal.j_ref;
    const noDebits = await c.request('DELETE', `/api/jdetails_from/deleteMultiServices.php?j_ref=${ref}`);
    expect(noDebits.statusCode).toBe(200);
    expect(noDebits.json().data[0]).toMatchObject({ posted: false, j_pay: '0.00', credit_total: '200.00' });
    expect(await ledgerOf(jId)).toEqual([]);
    await c.request('DELETE', `/api/jdetails_to/deleteMultiServices?j_ref=${ref}`);
    await postLines(c, 'from', [
      { j_id: jId, j_ref: ref, ac_id: cash, debit: '70', credit: '0' },
      { j_id: jId, j_ref: ref, ac_id: bank, debit: '30', credit: '0' },
    ]);
    const replaced = await postLines(c, 'to', [{ j_id: jId, j_ref: ref, ac_id: customer, debit: 0, credit: 100 }]);
    expect(replaced.json().data[0]).toMatchObject({ posted: true, j_pay: '100.00', credit_total: '100.00' });
    expect(replaced.json().data[0].items).toHaveLength(3);
    expect((await ledgerOf(jId)).map((l) => [l.account_id, l.debit, l.credit])).toEqual([
      [cash, '70.00', '0.00'],
      [bank, '30.00', '0.00'],
      [customer, '0.00', '100.00'],
    ]);
    expect(await booksAreRight()).toEqual(RIGHT_BOOKS);

    // 7. Deleted as the legacy client does: the header, then each side's lines (already gone with it).
    const deleted = await c.request('DELETE', `/api/journal/deleteMultiServices.php?j_ref=${ref}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data).toEqual([{ j_id: jId }]);
    expect(await ledgerOf(jId)).toEqual([]);
    for (const side of ['from', 'to']) {
      const gone = await c.request('DELETE', `/api/jdetails_${side}/deleteMultiServices.php?j_ref=${ref}`);
      expect(gone.statusCode).toBe(200);
      expect(gone.json().data).toEqual([]);
    }
    expect((await c.get(`/api/journal/read_single?j_id=${jId}`)).statusCode).toBe(404);
    expect(await keptBalance(cash)).toBe(cashBefore);
    expect(await keptBalance(customer)).toBe(customerBefore);
    expect(await booksAreRight()).toEqual(RIGHT_BOOKS);
  });

  it('the secondary base serves the same calls in the year they name, and refuses one that names none', async () => {
    const c = await signedIn();
    const { byRole } = await accountsOf(1);
    const created = await c.post(
      '/api23/journal/create.php',
      header({ j_ref: 'shJO-2025', j_date: '2025-06-01', yearId: 2 }),
    );
    expect(created.statusCode).toBe(200);
    const jId = created.json().message;
    expect(created.json().data[0]).toMatchObject({ yearId: 2, j_date: '2025-06-01' });
    await postLines(c, 'from', [{ j_id: jId, ac_id: byRole('bank'), debit: 40, credit: 0, yearId: 2 }], '/api23');
    const to = await postLines(
      c,
      'to',
      [{ j_ref: 'shJO-2025', ac_id: byRole('cash_box'), credit: 40, yearId: 2 }],
      '/api23',
    );
    expect(to.json().data[0]).toMatchObject({ posted: true, yearId: 2 });
    expect(await keptBalance(byRole('bank'), 2)).toBe('40.00');
    expect((await c.get('/api23/journal/getTopSales.php?yearId=2')).json().data[0]).toMatchObject({ j_id: jId });

    const noYear = await c.post('/api23/journal/create', header({ yearId: undefined }));
    expect(noYear.statusCode).toBe(400);
    expect(noYear.json().error.code).toBe('YEAR_REQUIRED');
    // A journal stays in its year; its date lies inside it.
    const otherYear = await c.post('/api/journal/update', header({ j_id: jId, j_date: '2026-01-05', yearId: 1 }));
    expect(otherYear.statusCode).toBe(409);
    expect(otherYear.json().error.code).toBe('DOCUMENT_IN_OTHER_YEAR');
    const outside = await c.post('/api/journal/create', header({ j_date: '2025-12-31' }));
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error).toMatchObject({ code: 'DATE_OUTSIDE_YEAR', fields: { j_date: 'DATE_OUTSIDE_YEAR' } });
    expect(await booksAreRight()).toEqual(RIGHT_BOOKS);
  });

  it('lines are all or none: a wrong side, an unknown journal or account, the inventory account save nothing', async () => {
    const c = await signedIn();
    const { byRole } = await accountsOf(1);
    const other = await accountsOf(2);
    const jId = (await c.post('/api/journal/create', header({ j_ref: 'shJO-refused' }))).json().message;
    const good = { j_id: jId, ac_id: byRole('cash_box'), debit: '10', credit: '0' };
    const refusals: [object[], number, string, Record<string, string>][] = [
      [
        [good, { ...good, debit: '0', credit: '10' }],
        400,
        'JOURNAL_LINE_WRONG_SIDE',
        { '1.debit': 'JOURNAL_LINE_WRONG_SIDE' },
      ],
      [[{ ...good, debit: '0' }], 400, 'JOURNAL_LINE_ONE_SIDE', { '0.debit': 'JOURNAL_LINE_ONE_SIDE' }],
      [[good, { ...good, j_id: 99_999 }], 404, 'NOT_FOUND', { '1.j_id': 'NOT_FOUND' }],
      [[good, { ...good, j_id: undefined, j_ref: 'no-such-ref' }], 404, 'NOT_FOUND', { '1.j_ref': 'NOT_FOUND' }],
      [
        [good, { ...good, ac_id: other.byRole('cash_box') }],
        400,
        'ACCOUNT_NOT_FOUND',
        { '1.ac_id': 'ACCOUNT_NOT_FOUND' },
      ],
      [[{ ...good, ac_id: byRole('inventory') }], 400, 'ACCOUNT_KEPT_BY_STOCK', { '0.ac_id': 'ACCOUNT_KEPT_BY_STOCK' }],
    ];
    for (const [lines, status, code, fields] of refusals) {
      const refused = await postLines(c, 'from', lines);
      expect(refused.statusCode, JSON.stringify(lines)).toBe(status);
      expect(refused.json().error).toMatchObject({ code, fields });
      expect(refused.json().error.message).toMatch(/[\u0600-\u06FF]/);
    }
    // Another store's id in a line is refused before anything is read.
    expect((await postLines(c, 'from', [{ ...good, store_id: 2 }])).statusCode).toBe(403);
    const single = (await c.get(`/api/journal/read_single?j_id=${jId}`)).json().data[0];
    expect(single).toMatchObject({ items: [], posted: false });
    expect(await ledgerOf(jId)).toEqual([]);
  });

  it('an account on a journal that has not posted yet is still in use', async () => {
    const c = await signedIn();
    const account = (
      await c.post('/api/sub_accounts/create', { ac_id: 3, sub_name: 'مصروف نثري للقيد', sub_type: 'debit', cat_id: 3 })
    ).json().data[0];
    const jId = (await c.post('/api/journal/create', header({ j_ref: 'shJO-usage' }))).json().message;
    await postLines(c, 'from', [{ j_id: jId, ac_id: account.id, debit: 5, credit: 0 }]);
    const usage = (await c.get(`/api/sub_accounts/checkUsage?account_id=${account.id}`)).json().data[0];
    expect(usage).toMatchObject({ in_use: true, ledger_lines: 0 });
    const refused = await c.post('/api/sub_accounts/delete', { id: account.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('ACCOUNT_IN_USE');
  });

  it('another store’s journal is not found, by id or by reference', async () => {
    const keeper = await signedIn('admin', 'admin123', 2);
    const theirs = await keeper.post('/api/journal/create', header({ store_id: 2, j_ref: 'omJO1' }));
    expect(theirs.statusCode).toBe(200);
    const { j_id: jId, j_ref: ref } = theirs.json().data[0];
    expect(ref).toMatch(/^OM-J-/);
    const c = await signedIn();
    const before = await countJournals();
    expect((await c.get(`/api/journal/read_single?j_id=${jId}`)).statusCode).toBe(404);
    expect((await c.post('/api/journal/update', header({ j_id: jId }))).statusCode).toBe(404);
    expect((await c.request('DELETE', `/api/journal/deleteMultiServices?j_ref=${ref}`)).statusCode).toBe(404);
    expect((await postLines(c, 'from', [{ j_id: jId, ac_id: 1, debit: 1, credit: 0 }])).statusCode).toBe(404);
    expect(await countJournals()).toBe(before);
  });
});
