import {
  addMoney,
  formatReference,
  kindOf,
  type Money,
  parseMoney,
  subtractMoney,
  toMoneyString,
} from '@mizan/contract';
import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ledgerLine, logHistory, store } from '../../db/schema.ts';
import { describeEachDatabase } from '../../test/testApp.ts';
import { tradeFixtures } from './trade.fixtures.ts';

describeEachDatabase('sales and purchase documents', (ctx) => {
  const { signedIn, setup, stockOf, balanceOf, balancesOffTheLedger } = tradeFixtures(ctx);
  const sale = (custId: number, lines: object[], extra: object = {}) => ({
    invoice: { cust_id: custId, pay_date: '2026-11-22', discount: '0', pay: '0', ...extra },
    items: lines,
  });

  it('a final sale computes its totals on the server, takes stock out and posts a balanced ledger', async () => {
    const c = await signedIn();
    const { item, customer } = await setup(c);
    const res = await c.post(
      '/api/pay/createWithItems.php',
      sale(customer.id, [{ item_id: item.id, quantity: '3', pay_price: '100.50' }], {
        discount: '1.50',
        pay: '200',
        tot_pr: '999999',
        changee: '-5',
      }),
    );
    expect(res.statusCode).toBe(200);
    const doc = res.json().data[0];
    expect(doc).toMatchObject({
      kind: 'pay',
      tot_pr: '301.50',
      discount: '1.50',
      pay: '200.00',
      changee: '100.00',
      sub_name: customer.sub_name,
      user_name: 'مدير النظام',
    });
    expect(doc.pay_ref).toMatch(/^SH-S-\d{6}$/);
    expect(doc.items).toEqual([
      expect.objectContaining({ item_id: item.id, quantity: '3.000', pay_price: '100.50', tot: '301.50' }),
    ]);
    expect(await stockOf(item.id)).toBe('7.000');
    const ledger = await ctx()
      .database.db.select()
      .from(ledgerLine)
      .where(and(eq(ledgerLine.source_kind, 'pay'), eq(ledgerLine.source_id, doc.pay_id)));
    const sum = (k: 'debit' | 'credit') => ledger.reduce((s, l) => s + Math.round(Number(l[k]) * 100), 0);
    expect(sum('debit')).toBe(sum('credit'));
    expect(await balanceOf(c, customer.id)).toMatchObject({ current_balance: '100.00', balance_type: 'debit' });
  });

  it('a remainder below zero, a discount above the total, an unknown party or item are refused with Arabic messages', async () => {
    const c = await signedIn();
    const { item, customer } = await setup(c);
    const overpaid = await c.post(
      '/api/pay/createWithItems',
      sale(customer.id, [{ item_id: item.id, quantity: '1' }], { pay: '100.01' }),
    );
    expect(overpaid.statusCode).toBe(400);
    expect(overpaid.json().error).toMatchObject({
      code: 'NEGATIVE_REMAINDER',
      message: expect.stringContaining('الرجاء مراجعة المبلغ المستلم والخصم'),
    });
    const discount = await c.post(
      '/api/pay/createWithItems',
      sale(customer.id, [{ item_id: item.id, quantity: '1' }], { discount: '101' }),
    );
    expect(discount.json().error.code).toBe('DISCOUNT_EXCEEDS_TOTAL');
    const noParty = await c.post('/api/pay/createWithItems', sale(999999, [{ item_id: item.id, quantity: '1' }]));
    expect(noParty.json().error.code).toBe('ACCOUNT_NOT_FOUND');
    const noItem = await c.post('/api/pay/createWithItems', sale(customer.id, [{ item_id: 999999, quantity: '1' }]));
    expect(noItem.json().error.code).toBe('ITEM_NOT_FOUND');
    const zero = await c.post('/api/pay/createWithItems', sale(customer.id, [{ item_id: item.id, quantity: '0' }]));
    expect(zero.statusCode).toBe(400);
    expect(await stockOf(item.id)).toBe('10.000');
  });

  it('overselling is refused with the short items, and allowed when the store allows negative stock', async () => {
    const c = await signedIn();
    const { item, customer } = await setup(c, '2');
    const check = await c.post('/api/items/validateStockQuantity.php', {
      store_id: 1,
      itemList: [{ item_id: item.id, quantity: '5' }],
    });
    expect(check.json()).toMatchObject({
      valid: false,
      insufficient_items: [
        { item_id: item.id, requested_quantity: '5.000', available_quantity: '2.000', shortage: '3.000' },
      ],
    });
    const refused = await c.post('/api/pay/createWithItems', sale(customer.id, [{ item_id: item.id, quantity: '5' }]));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('STOCK_INSUFFICIENT');
    expect(refused.json().insufficient_items[0]).toMatchObject({ item_id: item.id, shortage: '3.000' });
    expect(await stockOf(item.id)).toBe('2.000');

    await ctx().database.db.update(store).set({ allow_negative_stock: true }).where(eq(store.id, 1));
    expect(
      (await c.post('/api/pay/createWithItems', sale(customer.id, [{ item_id: item.id, quantity: '5' }]))).statusCode,
    ).toBe(200);
    expect(await stockOf(item.id)).toBe('-3.000');
    await ctx().database.db.update(store).set({ allow_negative_stock: false }).where(eq(store.id, 1));
  });

  it('editing replaces the lines and what they posted; deleting removes everything', async () => {
    const c = await signedIn();
    const { item, customer } = await setup(c);
    const doc = (
      await c.post('/api/pay/createWithItems', sale(customer.id, [{ item_id: item.id, quantity: '4' }]))
    ).json().data[0];
    expect(await stockOf(item.id)).toBe('6.000');
    const edited = await c.post('/api/pay/updateWithItems', {
      invoice: { pay_id: doc.pay_id, cust_id: customer.id, pay_date: '2026-11-23', pay: '50' },
      items: [{ item_id: item.id, quantity: '9' }],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data[0]).toMatchObject({
      pay_ref: doc.pay_ref,
      tot_pr: '900.00',
      changee: '850.00',
      pay_date: '2026-11-23',
    });
    expect(edited.json().data[0].items).toHaveLength(1);
    // The edit's stock check does not count the invoice's own earlier quantity against it.
    expect(await stockOf(item.id)).toBe('1.000');
    const lines = (await c.get(`/api/pay_details/readByStoreByRef?pay_ref=${doc.pay_ref}`)).json().data;
    expect(lines).toEqual([expect.objectContaining({ quantity: '9.000', tot: '900.00' })]);

    expect(
      (await c.post('/api/pay/deleteWithItems.php', { pay_id: doc.pay_id, pay_ref: doc.pay_ref })).statusCode,
    ).toBe(200);
    expect(await stockOf(item.id)).toBe('10.000');
    expect((await c.get(`/api/pay_details/readByStoreByRef?pay_ref=${doc.pay_ref}`)).json().data).toEqual([]);
    const ledger = await ctx()
      .database.db.select()
      .from(ledgerLine)
      .where(and(eq(ledgerLine.source_kind, 'pay'), eq(ledgerLine.source_id, doc.pay_id)));
    expect(ledger).toEqual([]);
  });

  it('every save, edit and delete writes a logHistory row: who, what, which reference and a snapshot', async () => {
    const c = await signedIn();
    const { item, customer } = await setup(c);
    const doc = (
      await c.post('/api/pay/createWithItems', sale(customer.id, [{ item_id: item.id, quantity: '2' }], { pay: '50' }))
    ).json().data[0];
    await c.post('/api/pay/updateWithItems', {
      invoice: { pay_id: doc.pay_id, cust_id: customer.id, pay_date: '2026-11-22', pay: '50' },
      items: [{ item_id: item.id, quantity: '3', pay_price: '90' }],
    });
    await c.post('/api/pay/deleteWithItems', { pay_id: doc.pay_id, pay_ref: doc.pay_ref });
    const rows = await ctx()
      .database.db.select({ typee: logHistory.typee, user_id: logHistory.user_id, logToken: logHistory.logToken })
      .from(logHistory)
      .where(sql`${logHistory.logToken}->>'pay_ref' = ${doc.pay_ref}`)
      .orderBy(logHistory.id);
    expect(rows.map((r) => r.typee)).toEqual(['insert sales', 'update sales', 'delete sales']);
    expect(rows.every((r) => r.user_id !== null)).toBe(true);
    expect(rows[1]?.logToken).toMatchObject({
      cust_id: customer.id,
      tot_pr: '270.00',
      pay: '50.00',
      changee: '220.00',
      lines: [{ item_id: item.id, quantity: '3', price: '90.00', tot: '270.00' }],
    });
    expect(rows[2]?.logToken).toMatchObject({ pay_id: doc.pay_id, tot_pr: '270.00' });
  });

  it('the kept account balances equal the ledger after saves, edits, conversions and deletes', async () => {
    const c = await signedIn();
    const { item, supplier } = await setup(c, '50');
    const customer = (
      await c.post('/api/sub_accounts/create', { sub_name: 'عميل الأرصدة', ac_id: 1, cat_id: 1 })
    ).json().data[0];
    const sold = (
      await c.post('/api/pay/createWithItems', sale(customer.id, [{ item_id: item.id, quantity: '2' }], { pay: '30' }))
    ).json().data[0];
    await c.post('/api/pay/updateWithItems', {
      invoice: { pay_id: sold.pay_id, cust_id: customer.id, pay_date: '2026-11-22', discount: '5', pay: '100' },
      items: [{ item_id: item.id, quantity: '3' }],
    });
    await c.post('/api/perch/createWithItems', sale(supplier.id, [{ item_id: item.id, quantity: '7' }], { pay: '60' }));
    const value = (
      await c.post('/api/perch/create', { cust_id: supplier.id, pay_date: '2026-11-22', tot_pr: '90', pay: '10' })
    ).json().data[0];
    const draft = (
      await c.post('/api/payinit/createWithItems', sale(customer.id, [{ item_id: item.id, quantity: '1' }]))
    ).json().data[0];
    const final = (await c.post('/api/payinit/convertToFinal', { pay_id: draft.pay_id })).json().data[0];
    await c.post('/api/payinit/saveWithItemsAndDeletePay', {
      invoice: { pay_id: final.pay_id, cust_id: customer.id, pay_date: '2026-11-22' },
      items: [{ item_id: item.id, quantity: '1' }],
    });
    await c.post('/api/perch/deleteWithItems', { pay_id: value.pay_id });
    expect(await balancesOffTheLedger()).toEqual([]);
    // The customer: 300 − 5 discount − 100 paid = 195 owed.
    expect(await balanceOf(c, customer.id)).toMatchObject({ current_balance: '195.00', balance_type: 'debit' });
  });

  it('sales, edits and purchases saved at the same moment all succeed and keep balances equal to the ledger', async () => {
    const c = await signedIn();
    const made = await Promise.all([1, 2, 3].map(() => setup(c, '100')));
    const { customer, supplier } = made[0] as Awaited<ReturnType<typeof setup>>;
    const opened = await Promise.all(
      made.map(
        async ({ item }) =>
          (await c.post('/api/pay/createWithItems', sale(customer.id, [{ item_id: item.id, quantity: '1' }]))).json()
            .data[0],
      ),
    );
    const work = made.flatMap(({ item }, i) => [
      c.post('/api/pay/createWithItems', sale(customer.id, [{ item_id: item.id, quantity: '2' }], { pay: '10' })),
      c.post('/api/pay/updateWithItems', {
        invoice: { pay_id: opened[i].pay_id, cust_id: customer.id, pay_date: '2026-11-22', pay: '5' },
        items: [
          { item_id: item.id, quantity: '3' },
          { item_id: made[(i + 1) % 3]?.item.id, quantity: '1' },
        ],
      }),
      c.post('/api/perch/createWithItems', sale(supplier.id, [{ item_id: item.id, quantity: '4' }], { pay: '20' })),
    ]);
    const answers = await Promise.all(work);
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    expect(await balancesOffTheLedger()).toEqual([]);
  });

  it('one invoice edited from several tills at once keeps exactly one posting; a draft converted twice becomes one sale', async () => {
    const c = await signedIn();
    const { item, customer } = await setup(c, '100');
    const doc = (
      await c.post('/api/pay/createWithItems', sale(customer.id, [{ item_id: item.id, quantity: '1' }]))
    ).json().data[0];
    const edits = await Promise.all(
      ['2', '3', '4', '5', '6'].map((quantity) =>
        c.post('/api/pay/updateWithItems', {
          invoice: { pay_id: doc.pay_id, cust_id: customer.id, pay_date: '2026-11-22' },
          items: [{ item_id: item.id, quantity }],
        }),
      ),
    );
    expect(edits.map((e) => e.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const final = (await c.get(`/api/pay/readById?pay_id=${doc.pay_id}`)).json().data[0];
    const sold = Number(final.items[0].quantity);
    // The stock shows the last edit once, not the sum of the edits.
    expect(await stockOf(item.id)).toBe(`${100 - sold}.000`);
    expect(await balancesOffTheLedger()).toEqual([]);

    // A value-only invoice locks nothing else: its edits queue on the invoice itself.
    const owner = (await c.post('/api/sub_accounts/create', { sub_name: 'عميل التعديلات', ac_id: 1, cat_id: 1 })).json()
      .data[0];
    const value = (
      await c.post('/api/pay/create', { cust_id: owner.id, pay_date: '2026-11-22', tot_pr: '10', value_only: true })
    ).json().data[0];
    const valueEdits = await Promise.all(
      ['20', '30', '40', '50'].map((tot_pr) =>
        c.post('/api/pay/update', { pay_id: value.pay_id, cust_id: owner.id, pay_date: '2026-11-22', tot_pr }),
      ),
    );
    expect(valueEdits.map((e) => e.statusCode)).toEqual([200, 200, 200, 200]);
    const kept = (await c.get(`/api/pay/readById?pay_id=${value.pay_id}`)).json().data[0].tot_pr;
    expect((await balanceOf(c, owner.id)).current_balance).toBe(kept);
    expect(await balancesOffTheLedger()).toEqual([]);

    const draft = (
      await c.post('/api/payinit/createWithItems', sale(customer.id, [{ item_id: item.id, quantity: '1' }]))
    ).json().data[0];
    const twice = await Promise.all([
      c.post('/api/payinit/convertToFinal', { pay_id: draft.pay_id }),
      c.post('/api/payinit/convertToFinal', { pay_id: draft.pay_id }),
    ]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect(await stockOf(item.id)).toBe(`${99 - sold}.000`);
  });

  it('a retry with the same idempotency key returns the first invoice and creates nothing new', async () => {
    const c = await signedIn();
    const { item, customer } = await setup(c);
    const body = { ...sale(customer.id, [{ item_id: item.id, quantity: '1' }]), idempotency_key: 'till-1-save-0001' };
    const first = (await c.post('/api/pay/createWithItems', body)).json().data[0];
    const again = (await c.post('/api/pay/createWithItems', body)).json().data[0];
    expect(again.pay_id).toBe(first.pay_id);
    expect(await stockOf(item.id)).toBe('9.000');
  });

  it('two concurrent saves get distinct, consecutive references', async () => {
    const c = await signedIn();
    const { item, customer } = await setup(c, '100');
    const saves = await Promise.all(
      Array.from({ length: 6 }, () =>
        c.post('/api/pay/createWithItems', sale(customer.id, [{ item_id: item.id, quantity: '1' }])),
      ),
    );
    const refs = saves.map((r) => r.json().data[0].pay_ref);
    expect(new Set(refs).size).toBe(6);
    const numbers = refs.map((r: string) => Number(r.split('-')[2])).sort((a: number, b: number) => a - b);
    expect((numbers.at(-1) ?? 0) - (numbers[0] ?? 0)).toBe(5);
  });

  it('a sale numbered at the end of its save: its ledger lines and log carry its reference; a refused one takes no number', async () => {
    const c = await signedIn();
    const { item, customer } = await setup(c, '100');
    const first = (
      await c.post('/api/pay/createWithItems', sale(customer.id, [{ item_id: item.id, quantity: '1' }]))
    ).json().data[0];
    const refused = await c.post(
      '/api/pay/createWithItems',
      sale(customer.id, [{ item_id: item.id, quantity: '1000' }]),
    );
    expect(refused.statusCode).toBe(409);
    const next = (
      await c.post('/api/pay/createWithItems', sale(customer.id, [{ item_id: item.id, quantity: '1' }]))
    ).json().data[0];
    expect(Number(next.pay_ref.split('-')[2]) - Number(first.pay_ref.split('-')[2])).toBe(1);
    const { db } = ctx().database;
    for (const doc of [first, next]) {
      const lines = await db
        .select({ reference: ledgerLine.reference, part: ledgerLine.part })
        .from(ledgerLine)
        .where(and(eq(ledgerLine.source_kind, 'pay'), eq(ledgerLine.source_id, doc.pay_id)));
      expect(new Set(lines.map((line) => line.part))).toEqual(new Set(['money', 'cost']));
      expect(lines.every((line) => line.reference === doc.pay_ref)).toBe(true);
    }
    const logged = await db.execute<{ ref: string }>(
      sql`select "logToken"->>'pay_ref' as ref from "logHistory" where typee = 'insert sales' order by id desc limit 1`,
    );
    expect(logged.rows[0]?.ref).toBe(next.pay_ref);
    const provisional = await db.execute(sql`select 1 from trade_document where pay_ref like '~%'`);
    expect(provisional.rows).toHaveLength(0);
  });

  it('a reference past 999,999 grows a digit, as formatReference writes it', async () => {
    const c = await signedIn();
    const { item, customer } = await setup(c, '100');
    const { db } = ctx().database;
    const sequence = kindOf('pay').sequence;
    await db.execute(sql`insert into document_counter (store_id, kind, last) values (1, ${sequence}, 999998)
      on conflict (store_id, kind) do update set last = 999998`);
    const [storeRow] = await db.select({ ref: store.store_ref }).from(store).where(eq(store.id, 1));
    for (const number of [999_999, 1_000_000]) {
      const saved = (
        await c.post('/api/pay/createWithItems', sale(customer.id, [{ item_id: item.id, quantity: '1' }]))
      ).json().data[0];
      expect(saved.pay_ref).toBe(formatReference(storeRow?.ref ?? '', 'pay', number));
    }
  });

  it('a preliminary invoice changes nothing, becomes final with the stock check, and back', async () => {
    const c = await signedIn();
    const { item, customer } = await setup(c);
    const draft = (
      await c.post('/api/payinit/createWithItems', sale(customer.id, [{ item_id: item.id, quantity: '2' }]))
    ).json().data[0];
    expect(draft.pay_ref).toMatch(/-D-/);
    expect(await stockOf(item.id)).toBe('10.000');
    expect(
      (await c.get('/api/payinit/getTopSales?store_id=1')).json().data.map((d: { pay_id: number }) => d.pay_id),
    ).toContain(draft.pay_id);

    const final = (await c.post('/api/payinit/convertToFinal', { pay_id: draft.pay_id })).json().data[0];
    expect(final).toMatchObject({ kind: 'pay', tot_pr: '200.00' });
    expect(await stockOf(item.id)).toBe('8.000');
    expect(
      (await c.get('/api/payinit/getTopSales')).json().data.map((d: { pay_id: number }) => d.pay_id),
    ).not.toContain(draft.pay_id);

    const demoted = await c.post('/api/payinit/saveWithItemsAndDeletePay.php', {
      invoice: { pay_id: final.pay_id, cust_id: customer.id, pay_date: '2026-11-22' },
      items: [{ item_id: item.id, quantity: '2' }],
    });
    expect(demoted.json().data[0].kind).toBe('payinit');
    expect(await stockOf(item.id)).toBe('10.000');
  });

  it('a purchase raises stock and is owed to the supplier; a value-only invoice changes the balance, not stock', async () => {
    const c = await signedIn();
    const { item, supplier, customer } = await setup(c, '0');
    const bought = await c.post(
      '/api/perch/createWithItems',
      sale(supplier.id, [{ item_id: item.id, quantity: '12', perch_price: '75' }], { pay: '100' }),
    );
    expect(bought.json().data[0]).toMatchObject({
      pay_ref: expect.stringMatching(/-P-/),
      tot_pr: '900.00',
      changee: '800.00',
    });
    expect(await stockOf(item.id)).toBe('12.000');
    const before = await balanceOf(c, customer.id);
    const valueOnly = await c.post('/api/pay/create.php', {
      cust_id: customer.id,
      pay_date: '2026-11-22',
      tot_pr: '250',
      pay: '50',
      value_only: 1,
    });
    expect(valueOnly.json().data[0]).toMatchObject({
      value_only: true,
      tot_pr: '250.00',
      changee: '200.00',
      items: [],
    });
    const after = await balanceOf(c, customer.id);
    expect(Number(after.current_balance) - Number(before.current_balance)).toBe(200);
    expect(await stockOf(item.id)).toBe('12.000');
    const orders = await c.post(
      '/api/perchOrder/createWithItems',
      sale(supplier.id, [{ item_id: item.id, quantity: '40' }]),
    );
    expect(orders.json().data[0].pay_ref).toMatch(/-O-/);
    expect(await stockOf(item.id)).toBe('12.000');
    const converted = await c.post('/api/perchOrder/convertToPurchase', { pay_id: orders.json().data[0].pay_id });
    expect(converted.json().data[0]).toMatchObject({ kind: 'perch', pay_ref: expect.stringMatching(/-P-/) });
    expect(await stockOf(item.id)).toBe('52.000');
    expect((await c.get('/api/perchOrder/getTopSales')).json().data).toEqual([]);
  });

  it('a payment is due only while the party still owes: a customer in credit from an advance is not listed', async () => {
    const c = await signedIn();
    const { item } = await setup(c);
    const customer = async (sub_name: string, sub_balance: string) =>
      (await c.post('/api/sub_accounts/create', { sub_name, ac_id: 1, cat_id: 1, sub_balance })).json().data[0];
    const owing = await customer('عميل آجل', '0');
    const prepaid = await customer('عميل بدفعة مقدمة', '-500');
    const dueSale = async (custId: number) =>
      (
        await c.post(
          '/api/pay/createWithItems',
          sale(custId, [{ item_id: item.id, quantity: '1' }], { pay: '0', nextPay: '2026-12-01' }),
        )
      ).json().data[0];
    const owed = await dueSale(owing.id);
    const covered = await dueSale(prepaid.id);
    expect(covered.changee).toBe('100.00');
    const due = (await c.get('/api/pay/paynotif')).json().data.map((d: { pay_id: number }) => d.pay_id);
    expect(due).toContain(owed.pay_id);
    expect(due).not.toContain(covered.pay_id);
  });

  it("records by date, due invoices, and another store's invoice is never readable or editable", async () => {
    const c = await signedIn();
    const { item, customer } = await setup(c);
    const doc = (
      await c.post(
        '/api/pay/createWithItems',
        sale(customer.id, [{ item_id: item.id, quantity: '1' }], { pay_date: '2026-10-05', nextPay: '2026-12-01' }),
      )
    ).json().data[0];
    expect(
      (await c.get('/api/pay/getSalesByDate?from=2026-10-05')).json().data.map((d: { pay_id: number }) => d.pay_id),
    ).toEqual([doc.pay_id]);
    expect((await c.get('/api/pay/getSales2Date?from=2026-10-01&to=2026-10-31&yearId=1')).json().data).toHaveLength(1);
    expect(
      (await c.get('/api/pay/paynotif?store_id=1')).json().data.map((d: { pay_id: number }) => d.pay_id),
    ).toContain(doc.pay_id);
    expect((await c.get(`/api/pay_details/readAllByItemId?item_id=${item.id}`)).json().data).toHaveLength(1);
    expect((await c.get(`/api/pay_details/readQtyByItemId?item_id=${item.id}`)).json().data[0].quantity).toBe('1.000');

    const other = await signedIn('admin', 'admin123', 2);
    expect((await other.get(`/api/pay_details/readByStoreByRef?pay_ref=${doc.pay_ref}`)).json().data).toEqual([]);
    expect((await other.get('/api/pay/getSalesByDate?from=2026-10-05')).json().data).toEqual([]);
    const edit = await other.post('/api/pay/updateWithItems', {
      invoice: { pay_id: doc.pay_id, cust_id: customer.id, pay_date: '2026-10-05' },
      items: [{ item_id: item.id, quantity: '1' }],
    });
    expect([400, 404]).toContain(edit.statusCode);
    expect((await other.post('/api/pay/deleteWithItems', { pay_id: doc.pay_id })).statusCode).toBe(404);
    expect((await other.get(`/api/pay/readById?pay_id=${doc.pay_id}`)).statusCode).toBe(404);
    expect((await c.get(`/api/pay/readById?pay_id=${doc.pay_id}`)).json().data[0].items).toHaveLength(1);
    expect((await other.get(`/api/pay/readById?pay_id=${doc.pay_id}`)).statusCode).toBe(404);
    expect((await c.get(`/api/pay/readById?pay_id=${doc.pay_id}`)).json().data[0].items).toHaveLength(1);
    expect((await c.get(`/api/pay_details/readByStoreByRef?pay_ref=${doc.pay_ref}`)).json().data).toHaveLength(1);
  });

  it('a paged record answers one page, the count and the column sums of the whole filter, computed in SQL', async () => {
    const c = await signedIn();
    const { item, customer } = await setup(c);
    // Seven sales on seven dates of March (newest first is then the reverse order); three are value-only.
    const posted = [
      { tot_pr: '100.10', discount: '0.10', pay: '50', valueOnly: false },
      { tot_pr: '250', discount: '0', pay: '50', valueOnly: true },
      { tot_pr: '66.66', discount: '0', pay: '66.66', valueOnly: false },
      { tot_pr: '19.99', discount: '0', pay: '0', valueOnly: true },
      { tot_pr: '36.75', discount: '1.75', pay: '0', valueOnly: false },
      { tot_pr: '1000.05', discount: '0', pay: '1000.05', valueOnly: true },
      { tot_pr: '0.01', discount: '0', pay: '0.01', valueOnly: false },
    ];
    const ids: number[] = [];
    for (const [n, s] of posted.entries()) {
      const pay_date = `2026-03-0${n + 1}`;
      const res = s.valueOnly
        ? await c.post('/api/pay/create', {
            cust_id: customer.id,
            pay_date,
            tot_pr: s.tot_pr,
            pay: s.pay,
            // A header without it awaits its lines and is no record yet.
            value_only: true,
          })
        : await c.post(
            '/api/pay/createWithItems',
            sale(customer.id, [{ item_id: item.id, quantity: '1', pay_price: s.tot_pr }], {
              pay_date,
              discount: s.discount,
              pay: s.pay,
            }),
          );
      expect(res.statusCode).toBe(200);
      ids.push(res.json().data[0].pay_id);
    }
    const amount = (text: string) => parseMoney(text) as Money;
    const sumsOf = (rows: typeof posted) => {
      const total = (pick: (s: (typeof posted)[number]) => Money) => toMoneyString(addMoney(...rows.map(pick)));
      return {
        tot_pr: total((s) => amount(s.tot_pr)),
        discount: total((s) => amount(s.discount)),
        net: total((s) => subtractMoney(amount(s.tot_pr), amount(s.discount))),
        pay: total((s) => amount(s.pay)),
        changee: total((s) => subtractMoney(subtractMoney(amount(s.tot_pr), amount(s.discount)), amount(s.pay))),
      };
    };
    const read = (query: string) => c.get(`/api/pay/getSales2Date?from=2026-03-01&to=2026-03-31&${query}`);
    const idsOf = (body: { data: { pay_id: number }[] }) => body.data.map((d) => d.pay_id);

    const first = (await read('page=1&pageSize=3')).json();
    expect(first).toMatchObject({ total: 7, page: 1, pageSize: 3 });
    expect(first.sums).toEqual(sumsOf(posted));
    expect(first.sums).toEqual({
      tot_pr: '1473.56',
      discount: '1.85',
      net: '1471.71',
      pay: '1166.72',
      changee: '304.99',
    });
    const second = (await read('page=2&pageSize=3')).json();
    const third = (await read('page=3&pageSize=3')).json();
    expect(third.data).toHaveLength(1);
    expect(third.sums).toEqual(first.sums);
    expect([...idsOf(first), ...idsOf(second), ...idsOf(third)]).toEqual([...ids].reverse());

    const valueOnly = (await read('page=1&pageSize=3&value_only=1')).json();
    expect(valueOnly).toMatchObject({ total: 3, page: 1, pageSize: 3 });
    expect(valueOnly.data.every((d: { value_only: boolean }) => d.value_only)).toBe(true);
    expect(valueOnly.sums).toEqual(sumsOf(posted.filter((s) => s.valueOnly)));
    const withLines = (await read('page=1&value_only=false')).json();
    expect(withLines).toMatchObject({ total: 4, pageSize: 20 });
    expect(withLines.sums).toEqual(sumsOf(posted.filter((s) => !s.valueOnly)));
    const nobody = (await read(`page=1&cust_id=${customer.id + 100000}`)).json();
    expect(nobody).toMatchObject({ data: [], total: 0 });
    expect(nobody.sums).toEqual({ tot_pr: '0.00', discount: '0.00', net: '0.00', pay: '0.00', changee: '0.00' });

    // Without `page` the legacy clients keep their plain `{ data }`; the value-only filter works there too.
    const legacy = (await read('')).json();
    expect(Object.keys(legacy)).toEqual(['data']);
    expect(idsOf(legacy)).toEqual([...ids].reverse());
    expect((await read('value_only=1')).json().data).toHaveLength(3);
    expect((await read('page=0')).statusCode).toBe(400);
    expect((await read('page=1&pageSize=501')).statusCode).toBe(400);
  });
});
