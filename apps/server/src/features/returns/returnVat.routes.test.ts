import { addMoney, type Money, money, parseMoney, toMoneyString, ZERO } from '@mizan/contract';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/testApp.ts';
import { tradeFixtures, vatRegisteredCompany } from '../trade/trade.fixtures.ts';

/**
 * A line returned in several parts returns exactly its VAT (issue 35, finding 5; docs/returns.md, docs/vat.md): the
 * VAT an item charged is handed out to its units as its net is, so the last return of it takes what is left.
 */
describeEachDatabase('the VAT of returns in parts', (ctx) => {
  const { signedIn, setup, balanceOf, balancesOffTheLedger } = tradeFixtures(ctx);
  type Client = Awaited<ReturnType<typeof signedIn>>;

  const company = vatRegisteredCompany;
  const setVat = async (c: Client, prices_include_vat: boolean) => {
    const res = await c.post('/api/company/update', { ...company, vat_registered: true, prices_include_vat });
    expect(res.statusCode).toBe(200);
  };
  const itemAt = async (c: Client, price: string, tax: string) =>
    (
      await c.post('/api/items/create', {
        item_name: `صنف ${Math.random()}`,
        perch_price: price,
        pay_price: price,
        tax,
        firstQuantity: '100',
      })
    ).json().data[0];
  const outputVat = async () =>
    (
      await ctx().database.db.execute<{ b: string }>(
        sql`select coalesce(sum(l.credit - l.debit), 0)::numeric(20, 2)::text as b from ledger_line l
          join sub_accounts a on a.id = l.account_id where a.store_id = 1 and a.role = 'output_vat'`,
      )
    ).rows[0]?.b;
  const sum = (values: string[]) => toMoneyString(addMoney(ZERO, ...values.map((v) => parseMoney(v) as Money)));
  const returnOne = (c: Client, kind: 'sales_returns' | 'purchase_returns', payRef: string, items: unknown[]) =>
    c.post(`/api/${kind}/createWithItems`, {
      invoice: { original_pay_ref: payRef, return_date: '2026-03-12', return_reason: 'تالف' },
      items,
    });

  it('3 × 1.03 at 15 % on top (VAT 0.46) returned one by one takes 0.15, 0.16, 0.15 back: all of it', async () => {
    const c = await signedIn();
    await setVat(c, false);
    const { customer } = await setup(c);
    const item = await itemAt(c, '1.03', '15');
    const vatBefore = await outputVat();
    const sold = (
      await c.post('/api/pay/createWithItems', {
        invoice: { cust_id: customer.id, pay_date: '2026-03-10', discount: '0', pay: '0' },
        items: [{ item_id: item.id, quantity: '3' }],
      })
    ).json().data[0];
    expect(sold).toMatchObject({ tot_pr: '3.09', taxTot: '0.46', total_with_vat: '3.55' });
    const parts = [];
    for (let i = 0; i < 3; i++) {
      const back = await returnOne(c, 'sales_returns', sold.pay_ref, [{ item_id: item.id, quantity: '1' }]);
      expect(back.statusCode).toBe(200);
      parts.push(back.json().data[0]);
    }
    expect(parts.map((p) => p.taxTot)).toEqual(['0.15', '0.16', '0.15']);
    expect(parts.map((p) => p.total_with_vat)).toEqual(['1.18', '1.19', '1.18']);
    expect((await balanceOf(c, customer.id)).current_balance).toBe('0.00');
    expect(await outputVat()).toBe(vatBefore);
    expect(await balancesOffTheLedger()).toEqual([]);
  });

  it('prices that include VAT: 3 × 1.03 (VAT 0.40 in it) returned one by one takes 0.13, 0.14, 0.13', async () => {
    const c = await signedIn();
    await setVat(c, true);
    const { customer } = await setup(c);
    const item = await itemAt(c, '1.03', '15');
    const sold = (
      await c.post('/api/pay/createWithItems', {
        invoice: { cust_id: customer.id, pay_date: '2026-03-10', discount: '0', pay: '0' },
        items: [{ item_id: item.id, quantity: '3' }],
      })
    ).json().data[0];
    expect(sold).toMatchObject({ tot_pr: '3.09', taxTot: '0.40', total_with_vat: '3.09' });
    const parts = [];
    for (let i = 0; i < 3; i++)
      parts.push(
        (await returnOne(c, 'sales_returns', sold.pay_ref, [{ item_id: item.id, quantity: '1' }])).json().data[0],
      );
    expect(parts.map((p) => p.taxTot)).toEqual(['0.13', '0.14', '0.13']);
    expect(sum(parts.map((p) => p.total_with_vat))).toBe('3.09');
    expect((await balanceOf(c, customer.id)).current_balance).toBe('0.00');
  });

  it('a return at a lower price takes the VAT of what it refunds, and the last units at most what is left', async () => {
    const c = await signedIn();
    await setVat(c, false);
    const { customer } = await setup(c);
    const item = await itemAt(c, '100', '15');
    const sold = (
      await c.post('/api/pay/createWithItems', {
        invoice: { cust_id: customer.id, pay_date: '2026-03-10', discount: '0', pay: '0' },
        items: [{ item_id: item.id, quantity: '2' }],
      })
    ).json().data[0];
    expect(sold).toMatchObject({ taxTot: '30.00', total_with_vat: '230.00' });
    const damaged = await returnOne(c, 'sales_returns', sold.pay_ref, [
      { item_id: item.id, quantity: '1', return_price: '50' },
    ]);
    expect(damaged.json().data[0]).toMatchObject({ tot_pr: '50.00', taxTot: '7.50', total_with_vat: '57.50' });
    const rest = await returnOne(c, 'sales_returns', sold.pay_ref, [{ item_id: item.id, quantity: '1' }]);
    expect(rest.json().data[0]).toMatchObject({ tot_pr: '100.00', taxTot: '15.00', total_with_vat: '115.00' });
    expect((await balanceOf(c, customer.id)).current_balance).toBe('57.50');
  });

  it('random invoices (discounts, several rates, either terms) returned in random parts give back their VAT exactly', async () => {
    const c = await signedIn();
    const { customer, supplier } = await setup(c);
    // A fixed sequence (a small linear congruential generator), so a failure can be replayed.
    let seed = 35;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const rates = ['15', '5', '12.5', '0'];
    for (let round = 0; round < 8; round++) {
      const purchase = round % 4 === 3;
      await setVat(c, random(2) === 0);
      const lines = [];
      let gross = 0n;
      for (let n = 1 + random(3); n > 0; n--) {
        const cents = BigInt(1 + random(2000));
        const quantity = 1 + random(7);
        gross += cents * BigInt(quantity);
        const price = toMoneyString(money(cents));
        const item = await itemAt(c, price, rates[random(rates.length)] as string);
        lines.push({ item_id: item.id, quantity: String(quantity), [purchase ? 'perch_price' : 'pay_price']: price });
      }
      // Up to 14 % off.
      const discount = toMoneyString(money((gross * BigInt(random(15))) / 100n));
      const invoice = await c.post(`/api/${purchase ? 'perch' : 'pay'}/createWithItems`, {
        invoice: { cust_id: purchase ? supplier.id : customer.id, pay_date: '2026-03-10', discount, pay: '0' },
        items: lines,
      });
      expect(invoice.statusCode).toBe(200);
      const original = invoice.json().data[0];
      // Each line comes back in one to three parts, the last taking what is left.
      const left = new Map(lines.map((l) => [l.item_id, Number(l.quantity)]));
      const returns = [];
      while ([...left.values()].some((q) => q > 0)) {
        const items = [...left]
          .filter(([, q]) => q > 0)
          .map(([item_id, q]) => ({ item_id, quantity: String(random(3) === 0 ? q : 1 + random(q)) }))
          .filter(() => random(3) > 0);
        if (items.length === 0) continue;
        const back = await returnOne(c, purchase ? 'purchase_returns' : 'sales_returns', original.pay_ref, items);
        expect(back.statusCode, back.body).toBe(200);
        returns.push(back.json().data[0]);
        for (const i of items) left.set(i.item_id, (left.get(i.item_id) ?? 0) - Number(i.quantity));
      }
      const what = `round ${round}: ${original.pay_ref} in ${returns.length} returns`;
      expect(sum(returns.map((r) => r.taxTot)), what).toBe(original.taxTot);
      expect(sum(returns.map((r) => r.total_with_vat)), what).toBe(original.total_with_vat);
    }
    expect((await balanceOf(c, customer.id)).current_balance).toBe('0.00');
    expect(await balancesOffTheLedger()).toEqual([]);
  });
});
