import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { today } from '../../lib/clock.ts';
import { describeEachDatabase, type TestClient } from '../../test/testApp.ts';
import { journalFixtures } from '../journal/journal.fixtures.ts';
import { tradeFixtures } from '../trade/trade.fixtures.ts';
import { roleFixtures } from '../users/role.fixtures.ts';

type Reply = {
  statusCode: number;
  body: string;
  json: () => { error?: { code: string; missing?: string; message: string } };
};

/**
 * The content checks of stock counts, journals and vouchers (docs/permissions.md): a date before today needs the
 * kind's back-date permission, another user's document its "another user's", a document of another day its
 * "another day's"; an edit keeps the document's author. Each refusal is 403 naming what is missing, in Arabic.
 */
describeEachDatabase('the content checks of stock counts, journals and vouchers', (ctx) => {
  const { signedIn, setup } = tradeFixtures(ctx);
  const { withRole, tick } = roleFixtures(signedIn);
  const { accountsOf, rows } = journalFixtures(ctx);
  const day = today();
  const earlier = `${day.slice(0, 4)}-01-02`;
  const yesterday = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

  const refused = (res: Reply, missing: string, words: RegExp) => {
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'PERMISSION_DENIED', missing });
    expect(res.json().error?.message).toMatch(words);
  };
  /** Makes a document another user's (the author it would have had if that user had saved it). */
  const authorOf = async (table: 'stock_count' | 'journal', idColumn: 'pay_id' | 'j_id', id: number, userId: number) =>
    ctx().database.db.execute(
      sql`update ${sql.identifier(table)} set user_id = ${userId} where ${sql.identifier(idColumn)} = ${id}`,
    );

  it('stock counts: a store keeper counts today, their own; back-dating, another user’s and another day’s count are refused; an edit keeps the author', async () => {
    const owner = await signedIn();
    const { item } = await setup(owner, '10');
    await tick(owner, 'storeKeeper', [
      'stockCount.create',
      'stockCount.edit',
      'stockCount.delete',
      'items',
      'readCost',
    ]);
    const { c: keeper, id: keeperId } = await withRole(owner, 'storeKeeper');
    const count = (c: TestClient, date: string, qty = '9') =>
      c.post('/api/tswia/createWithItems', {
        invoice: { pay_date: date, yearId: 1 },
        items: [{ item_id: item.id, qtyReal: qty }],
      });
    const recount = (c: TestClient, payId: number, date: string, qty = '8') =>
      c.post('/api/tswia/updateWithItems', {
        invoice: { pay_date: date, yearId: 1, pay_id: payId },
        items: [{ item_id: item.id, qtyReal: qty }],
      });

    if (yesterday.slice(0, 4) === day.slice(0, 4))
      refused(await count(keeper, yesterday), 'stockCount.backDate', /التسويات الجردية: بتاريخ سابق/);
    const theirs = (await count(owner, day)).json().data[0];
    refused(await recount(keeper, theirs.pay_id, day), 'stockCount.others', /التسويات الجردية: مستند مستخدم آخر/);
    refused(
      await keeper.post('/api/tswia/deleteWithItems', { pay_id: theirs.pay_id }),
      'stockCount.others',
      /مستند مستخدم آخر/,
    );
    // The legacy header edit goes through the same save.
    refused(
      await keeper.post('/api/tswia/update', { pay_id: theirs.pay_id, pay_date: day, pay_ref: theirs.pay_ref }),
      'stockCount.others',
      /مستند مستخدم آخر/,
    );

    if (earlier !== day) {
      const old = await count(owner, earlier, '12');
      expect(old.statusCode, old.body).toBe(200);
      const oldId = old.json().data[0].pay_id;
      await authorOf('stock_count', 'pay_id', oldId, keeperId);
      refused(await recount(keeper, oldId, earlier), 'stockCount.otherDay', /مستند نهائي من يوم سابق/);
      refused(await keeper.post('/api/tswia/deleteWithItems', { pay_id: oldId }), 'stockCount.otherDay', /يوم سابق/);
    }

    const mine = await count(keeper, day, '5');
    expect(mine.statusCode, mine.body).toBe(200);
    const mineId = mine.json().data[0].pay_id;
    expect((await recount(keeper, mineId, day, '7')).statusCode).toBe(200);
    if (yesterday.slice(0, 4) === day.slice(0, 4))
      refused(await recount(keeper, mineId, yesterday), 'stockCount.backDate', /بتاريخ سابق/);
    // The owner corrects the keeper's count: it stays the keeper's.
    const corrected = await recount(owner, mineId, day, '6');
    expect(corrected.statusCode, corrected.body).toBe(200);
    const [row] = await rows<{ user_id: number }>(sql`select user_id from stock_count where pay_id = ${mineId}`);
    expect(row?.user_id).toBe(keeperId);
    expect((await keeper.post('/api/tswia/deleteWithItems', { pay_id: mineId })).statusCode).toBe(200);
  });

  it('journals: an accountant without “another user’s” edits only their own, of today, dated today; the legacy calls are held to the same', async () => {
    const owner = await signedIn();
    const accounts = await accountsOf(1);
    const cash = accounts.byRole('cash_box');
    const rent = accounts.byName('إيجار المحل');
    await tick(owner, 'accountant', ['journal.create', 'journal.edit', 'journal.delete', 'accounts', 'readReports']);
    const { c: accountant, id: accountantId } = await withRole(owner, 'accountant');
    const entry = (date: string, amount = '50') => ({
      invoice: { j_date: date, j_details: 'قيد تسوية', yearId: 1 },
      items: [
        { ac_id: rent, debit: amount, credit: '0' },
        { ac_id: cash, debit: '0', credit: amount },
      ],
    });
    const edit = (c: TestClient, jId: number, date: string, amount = '60') =>
      c.post('/api/journal/updateWithItems', {
        ...entry(date, amount),
        invoice: { ...entry(date).invoice, j_id: jId },
      });

    if (yesterday.slice(0, 4) === day.slice(0, 4)) {
      refused(
        await accountant.post('/api/journal/createWithItems', entry(yesterday)),
        'journal.backDate',
        /القيود المحاسبية: بتاريخ سابق/,
      );
      refused(
        await accountant.post('/api/journal/create', { j_date: yesterday, j_details: 'قيد', yearId: 1 }),
        'journal.backDate',
        /بتاريخ سابق/,
      );
    }
    const theirs = (await owner.post('/api/journal/createWithItems', entry(day))).json().data[0];
    refused(await edit(accountant, theirs.j_id, day), 'journal.others', /القيود المحاسبية: مستند مستخدم آخر/);
    refused(
      await accountant.post('/api/journal/deleteWithItems', { j_id: theirs.j_id }),
      'journal.others',
      /مستند مستخدم آخر/,
    );
    refused(
      await accountant.post('/api/journal/update', { j_id: theirs.j_id, j_date: day, j_details: 'تعديل', yearId: 1 }),
      'journal.others',
      /مستند مستخدم آخر/,
    );
    const line = theirs.items[0];
    refused(
      await accountant.post('/api/jdetails_from/update', { id: line.id, ac_id: rent, debit: '70', credit: '0' }),
      'journal.others',
      /مستند مستخدم آخر/,
    );

    if (earlier !== day) {
      const old = (await owner.post('/api/journal/createWithItems', entry(earlier))).json().data[0];
      await authorOf('journal', 'j_id', old.j_id, accountantId);
      refused(await edit(accountant, old.j_id, earlier), 'journal.otherDay', /مستند نهائي من يوم سابق/);
      refused(
        await accountant.post('/api/journal/deleteWithItems', { j_id: old.j_id }),
        'journal.otherDay',
        /يوم سابق/,
      );
    }

    const mine = await accountant.post('/api/journal/createWithItems', entry(day));
    expect(mine.statusCode, mine.body).toBe(200);
    const mineId = mine.json().data[0].j_id;
    expect((await edit(accountant, mineId, day, '55')).statusCode).toBe(200);
    if (yesterday.slice(0, 4) === day.slice(0, 4))
      refused(await edit(accountant, mineId, yesterday), 'journal.backDate', /بتاريخ سابق/);

    // Given "another user's", the accountant edits the owner's journal of today, which stays the owner's.
    await tick(owner, 'accountant', [
      'journal.create',
      'journal.edit',
      'journal.delete',
      'journal.others',
      'accounts',
      'readReports',
    ]);
    const byAccountant = await edit(accountant, theirs.j_id, day, '65');
    expect(byAccountant.statusCode, byAccountant.body).toBe(200);
    expect(byAccountant.json().data[0].user_id).toBe(theirs.user_id);
    expect((await accountant.post('/api/journal/deleteWithItems', { j_id: mineId })).statusCode).toBe(200);
  });

  it('vouchers: back-dating, another user’s and another day’s voucher need their permissions; an edit keeps the author', async () => {
    const owner = await signedIn();
    const accounts = await accountsOf(1);
    const cash = accounts.byRole('cash_box');
    const rent = accounts.byName('إيجار المحل');
    await tick(owner, 'accountant', ['voucher.create', 'voucher.edit', 'voucher.delete', 'accounts', 'readReports']);
    const { c: accountant, id: accountantId } = await withRole(owner, 'accountant');
    const voucher = (date: string, amount = '40') => ({
      voucher_kind: 'expense',
      j_date: date,
      money_account_id: cash,
      account_id: rent,
      amount,
      j_details: 'إيجار',
      allocations: [],
    });
    const edit = (c: TestClient, jId: number, date: string, amount = '45') =>
      c.post('/api/vouchers/update', { ...voucher(date, amount), j_id: jId });

    if (yesterday.slice(0, 4) === day.slice(0, 4))
      refused(
        await accountant.post('/api/vouchers/create', voucher(yesterday)),
        'voucher.backDate',
        /السندات والمصروفات: بتاريخ سابق/,
      );
    const theirs = await owner.post('/api/vouchers/create', voucher(day));
    expect(theirs.statusCode, theirs.body).toBe(200);
    const theirId = theirs.json().data[0].j_id;
    refused(await edit(accountant, theirId, day), 'voucher.others', /السندات والمصروفات: مستند مستخدم آخر/);
    refused(await accountant.post('/api/vouchers/delete', { j_id: theirId }), 'voucher.others', /مستند مستخدم آخر/);

    if (earlier !== day) {
      const old = (await owner.post('/api/vouchers/create', voucher(earlier))).json().data[0];
      await authorOf('journal', 'j_id', old.j_id, accountantId);
      refused(await edit(accountant, old.j_id, earlier), 'voucher.otherDay', /مستند نهائي من يوم سابق/);
      refused(await accountant.post('/api/vouchers/delete', { j_id: old.j_id }), 'voucher.otherDay', /يوم سابق/);
    }

    const mine = await accountant.post('/api/vouchers/create', voucher(day));
    expect(mine.statusCode, mine.body).toBe(200);
    const mineId = mine.json().data[0].j_id;
    expect((await edit(accountant, mineId, day, '42')).statusCode).toBe(200);
    if (yesterday.slice(0, 4) === day.slice(0, 4))
      refused(await edit(accountant, mineId, yesterday), 'voucher.backDate', /بتاريخ سابق/);
    const corrected = await edit(owner, mineId, day, '41');
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().data[0].user_id).toBe(accountantId);
    expect((await accountant.post('/api/vouchers/delete', { j_id: mineId })).statusCode).toBe(200);
  });
});
