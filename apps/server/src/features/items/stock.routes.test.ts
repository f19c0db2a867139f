/**
 * The stock reads through the HTTP layer (docs/stock-reads.md): the item-stock screen's `items/stockList`, the
 * totals, and every legacy `items/read*Stock*` call with its parameter names, all answering the same figures from
 * the one book.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { TestClient } from '../../test/testApp.ts';
import { describeEachDatabase } from '../../test/testApp.ts';
import { readSheet } from '../excel/sheetValues.ts';
import { tradeFixtures } from '../trade/trade.fixtures.ts';

type Row = Record<string, unknown> & { id: number; quantity: string };

describeEachDatabase('stock reads', (ctx) => {
  const { signedIn } = tradeFixtures(ctx);
  let n = 0;
  /** A new item of store 1 with a unique name (the tests share a database), in a category of its own. */
  const newItem = async (c: TestClient, over: Record<string, unknown> = {}) => {
    n += 1;
    return (
      await c.post('/api/items/create', {
        item_name: `مخزون ${String(n).padStart(3, '0')} ${Math.random().toString(36).slice(2, 7)}`,
        perch_price: '80',
        pay_price: '100',
        ...over,
      })
    ).json().data[0] as Row & { item_name: string };
  };
  const parties = async (c: TestClient) => ({
    customer: (await c.get('/api/sub_accounts/readByStore?ac_id=1'))
      .json()
      .data.find((a: { sub_name: string }) => a.sub_name !== 'عميل نقدي').id as number,
    supplier: (await c.get('/api/sub_accounts/readByStore?ac_id=2')).json().data[0].id as number,
  });
  const trade = async (c: TestClient, kind: 'pay' | 'perch', party: number, date: string, lines: object[]) => {
    const res = await c.post(`/api/${kind}/createWithItems`, {
      invoice: { cust_id: party, pay_date: date, discount: '0', pay: '0' },
      items: lines,
    });
    expect(res.statusCode).toBe(200);
    return res.json().data[0] as { pay_ref: string; pay_id: number };
  };

  /**
   * An item that opened with 10, was bought 6 (2 sent back), sold 4 (1 brought back), and counted at 7 when the
   * system said 11: quantity 7 = 10 + 4 − 3 − 4.
   */
  const movedItem = async (c: TestClient, over: Record<string, unknown> = {}) => {
    const { customer, supplier } = await parties(c);
    const item = await newItem(c, { firstQuantity: '10', ...over });
    const bought = await trade(c, 'perch', supplier, '2026-03-01', [
      { item_id: item.id, quantity: '6', perch_price: '70' },
    ]);
    const sold = await trade(c, 'pay', customer, '2026-03-05', [{ item_id: item.id, quantity: '4', pay_price: '100' }]);
    const back = (ref: string, path: string, date: string) =>
      c.post(`/api/${path}/createWithItems`, {
        invoice: { original_pay_ref: ref, return_date: date, return_reason: 'تجربة' },
        items: [{ item_id: item.id, quantity: path === 'sales_returns' ? '1' : '2' }],
      });
    expect((await back(sold.pay_ref, 'sales_returns', '2026-03-06')).statusCode).toBe(200);
    expect((await back(bought.pay_ref, 'purchase_returns', '2026-03-07')).statusCode).toBe(200);
    const counted = await c.post('/api/tswia/createWithItems', {
      invoice: { pay_date: '2026-03-10', yearId: 1 },
      items: [{ item_id: item.id, qtyReal: '7' }],
    });
    expect(counted.statusCode).toBe(200);
    return item;
  };
  const one = async (c: TestClient, path: string) => {
    const res = await c.get(path);
    expect(res.statusCode, path).toBe(200);
    return res.json().data as Row[];
  };

  it("one item's stock row: the kept quantity and value, and a breakdown from the movements that adds up", async () => {
    const c = await signedIn();
    const item = await movedItem(c, { min_qty: '8', brand: 'Bosch', model: 'S4' });
    const [row] = await one(c, `/api/items/readItemByIdQty.php?store_id=1&id=${item.id}`);
    // Cost: 10 @ 80 + 6 @ 70 = 1220 for 16 (76.25); −4 at 76.25 = 305; +1 back at what its sale took (76.25);
    // −2 back to the supplier at 70 (its purchase's price); 11 left worth 851.25; −4 counted at the average.
    expect(row).toMatchObject({
      id: item.id,
      quantity: '7.000',
      firstQuantity: '10.000',
      perchQuantity: '4.000',
      salesQuantity: '3.000',
      tswiaQuantity: '4.000',
      lastSoldDate: '2026-03-05',
      min_qty: '8.000',
      brand: 'Bosch',
      model: 'S4',
      stockValuePayPrice: '700.00',
    });
    const kept = (
      await ctx().database.db.execute<{ value: string }>(
        sql`select sum(value)::text as value from item_cost where item_id = ${item.id}`,
      )
    ).rows[0]?.value;
    expect(row?.stockValuePerchPrice).toBe(Number(kept).toFixed(2));
    expect(row?.avg_cost).toBe((Number(kept) / 7).toFixed(2));
  });

  it('every legacy read answers the same row for the item, with its parameter names, with and without .php', async () => {
    const c = await signedIn();
    const item = await movedItem(c);
    const [expected] = await one(c, `/api/items/readItemByIdQty?id=${item.id}`);
    const search = encodeURIComponent(item.item_name);
    const reads = [
      `items/readStock?store_id=1&yearId=1&search=${search}`,
      `items/readAllStock.php?store_id=1&search=${search}`,
      `items/readAllStockItems?store_id=1&yearId=1&search=${search}`,
      `items/readStockFiltered.php?store_id=1&yearId=1&search=${search}&quantity_filter=>0`,
      `items/itemsView?search=${search}`,
      `items/readStockWithPagination?store_id=1&page=1&pageSize=20&search=${search}`,
      `items/stockList?search=${search}`,
      `items/readStockInrange?startrange=0&endrange=20&search=${search}`,
      `items/readStockInRangeForStoretot.php?startrange=0&endrange=20&search=${search}`,
    ];
    for (const path of reads) {
      const rows = await one(c, `/api/${path}`);
      expect(rows, path).toEqual([path.includes('range') ? { ...expected, totalCount: 1 } : expected]);
    }
    // The picker's search answers the same quantity and average, without the breakdown.
    const [picked] = await one(c, `/api/items/searchStock?search=${search}`);
    expect(picked).toMatchObject({ quantity: expected?.quantity, avg_cost: expected?.avg_cost });
    expect(picked).not.toHaveProperty('firstQuantity');
  });

  it('the quantity filters (>0, =0, <0, below the minimum), brand, model and category, and the brands and models read', async () => {
    const c = await signedIn();
    const category = (await c.post('/api/item_categories/create', { category_name: 'فلترة المخزون' })).json().data[0];
    const inCategory = { category_id: category.id, brand: 'Filt', model: 'A' };
    const plenty = await newItem(c, { ...inCategory, firstQuantity: '20', min_qty: '5' });
    const low = await newItem(c, { ...inCategory, firstQuantity: '2', min_qty: '5' });
    const none = await newItem(c, { ...inCategory, model: 'B' });
    const body = { id: 1, store_name: 'المخزن الرئيسي', location: 'الخرطوم' };
    await c.post('/api/store/update', { ...body, allow_negative_stock: true });
    const short = await newItem(c, { ...inCategory, model: 'B' });
    const { customer } = await parties(c);
    await trade(c, 'pay', customer, '2026-04-01', [{ item_id: short.id, quantity: '3', pay_price: '100' }]);
    await c.post('/api/store/update', { ...body, allow_negative_stock: false });

    const ids = async (query: string) =>
      (await one(c, `/api/items/readStockFiltered?category_id=${category.id}&${query}`)).map((r) => r.id);
    expect(await ids('')).toEqual([plenty.id, low.id, none.id, short.id].sort((a, b) => a - b));
    expect(await ids('quantity_filter=>0')).toEqual([plenty.id, low.id]);
    expect(await ids('quantity_filter=positive')).toEqual([plenty.id, low.id]);
    expect(await ids('quantity_filter==0')).toEqual([none.id]);
    expect(await ids(`quantity_filter=${encodeURIComponent('<0')}`)).toEqual([short.id]);
    // Below its own minimum: 2 < 5 and −3 < 0; an empty item whose minimum is 0 is not below it.
    expect(await ids('quantity_filter=below_min')).toEqual([low.id, short.id]);
    expect(await ids('quantity_filter=all&brand=Filt&model=B')).toEqual([none.id, short.id]);
    const allCategories = await one(c, '/api/items/readStockFiltered?category_id=all&brand=Filt&model=A');
    expect(allCategories.map((r) => r.id)).toEqual([plenty.id, low.id]);
    const [shortRow] = await one(c, `/api/items/readItemByIdQty?id=${short.id}`);
    expect(shortRow).toMatchObject({ quantity: '-3.000', salesQuantity: '3.000', avg_cost: null });

    const wrong = await c.get('/api/items/stockList?quantity_filter=many');
    expect(wrong.statusCode).toBe(400);
    expect((await one(c, '/api/items/readUniqueBrands?store_id=1&yearId=1')).map((r) => r.brand)).toContain('Filt');
    expect(await one(c, '/api/items/readUniqueModels?brand=Filt')).toEqual([{ model: 'A' }, { model: 'B' }]);
  });

  it('the totals are the kept sums: at cost what the inventory holds, at price each row’s quantity × price', async () => {
    const c = await signedIn();
    const category = (await c.post('/api/item_categories/create', { category_name: 'مجاميع' })).json().data[0];
    await newItem(c, { category_id: category.id, firstQuantity: '3', perch_price: '10.10', pay_price: '12.35' });
    await newItem(c, { category_id: category.id, firstQuantity: '1.5', perch_price: '4', pay_price: '5.55' });
    const [totals] = await one(c, `/api/items/readStockTotals.php?store_id=1&yearId=1&category_id=${category.id}`);
    // 3 × 12.35 + 1.5 × 5.55 = 37.05 + 8.33 (8.325 rounded per row); at cost 30.30 + 6.00.
    expect(totals).toEqual({ stockValuePayPrice: '45.38', stockValuePerchPrice: '36.30', itemsCount: 2 });
    // Unfiltered, the value at cost is the whole store's kept value (what the inventory account holds).
    const [all] = await one(c, '/api/items/readStockTotals');
    const { rows } = await ctx().database.db.execute<{ v: string }>(
      sql`select coalesce(sum(value), 0)::numeric(20, 2)::text as v from item_cost where store_id = 1`,
    );
    expect(all?.stockValuePerchPrice).toBe(rows[0]?.v);
    const range = (
      await c.get(`/api/items/readStockInRangeForStoretot?startrange=0&endrange=1&category_id=${category.id}`)
    ).json();
    expect(range.totals).toEqual(totals);
    expect(range.data).toHaveLength(1);
  });

  it('stockList pages of the whole list sorted on the server by any whitelisted column; pages never overlap', async () => {
    const c = await signedIn();
    const category = (await c.post('/api/item_categories/create', { category_name: 'ترتيب' })).json().data[0];
    const quantities = ['4', '0', '9', '1', '7'];
    const made = [];
    for (const q of quantities) made.push(await newItem(c, { category_id: category.id, firstQuantity: q }));
    const page = async (query: string) =>
      (await c.get(`/api/items/stockList?category_id=${category.id}&pageSize=2&${query}`)).json();
    const first = await page('page=1&sort=quantity&order=desc');
    expect(first.total).toBe(5);
    const pages = [first, await page('page=2&sort=quantity&order=desc'), await page('page=3&sort=quantity&order=desc')];
    expect(pages.flatMap((p) => p.data.map((r: Row) => r.quantity))).toEqual([
      '9.000',
      '7.000',
      '4.000',
      '1.000',
      '0.000',
    ]);
    for (const sort of ['profit', 'stockValuePayPrice', 'lastSoldDate', 'firstQuantity', 'avg_cost', 'category_name']) {
      const res = await c.get(`/api/items/stockList?category_id=${category.id}&sort=${sort}&order=desc`);
      expect(res.statusCode, sort).toBe(200);
      expect(res.json().data).toHaveLength(5);
    }
    const byOpening = (await c.get(`/api/items/stockList?category_id=${category.id}&sort=firstQuantity&order=asc`))
      .json()
      .data.map((r: Row) => r.firstQuantity);
    expect(byOpening).toEqual(['0.000', '1.000', '4.000', '7.000', '9.000']);
    // Only the whitelisted columns reach the ORDER BY.
    expect((await c.get('/api/items/stockList?sort=item_name;drop table items')).statusCode).toBe(400);
    expect((await c.get('/api/items/stockList?sort=store_id')).statusCode).toBe(400);
    // The legacy range: rows startrange to endrange (excluded), each with the count of the whole list.
    const range = await one(c, `/api/items/readStockInrange.php?category_id=${category.id}&startrange=1&endrange=3`);
    expect(range.map((r) => [r.id, r.totalCount])).toEqual([
      [made[1]?.id, 5],
      [made[2]?.id, 5],
    ]);
  });

  it("a year reads everything dated up to its end; what earlier years left is the year's opening", async () => {
    // Store 2 (no openings yet): its first year is 2025 (year 2).
    const c = await signedIn('admin', 'admin123', 2);
    const item = (
      await c.post('/api/items/create', {
        item_name: 'عبر السنين',
        perch_price: '5',
        pay_price: '8',
        firstQuantity: '5',
        yearId: 2,
      })
    ).json().data[0];
    const customer = (await c.get('/api/sub_accounts/readByStore?ac_id=1&yearId=2'))
      .json()
      .data.find((a: { sub_name: string }) => a.sub_name === 'عميل نقدي').id;
    const sold = await c.post('/api/pay/createWithItems?yearId=2', {
      invoice: { cust_id: customer, pay_date: '2025-06-01', discount: '0', pay: '16', yearId: 2 },
      items: [{ item_id: item.id, quantity: '2', pay_price: '8' }],
    });
    expect(sold.statusCode).toBe(200);
    const [y2025] = await one(c, `/api/items/readItemByIdQty?id=${item.id}&yearId=2`);
    expect(y2025).toMatchObject({ firstQuantity: '5.000', salesQuantity: '2.000', quantity: '3.000' });
    const [y2026] = await one(c, `/api/items/readItemByIdQty?id=${item.id}&yearId=1`);
    expect(y2026).toMatchObject({ firstQuantity: '3.000', salesQuantity: '0.000', quantity: '3.000' });
    expect(y2026?.lastSoldDate).toBe('2025-06-01');
    // A quantity filter of an earlier year reads that year's quantity, not the kept current one: bought again in
    // 2026, the item is at 3 through 2025 and at 10 now.
    const supplier = (await c.get('/api/sub_accounts/readByStore?ac_id=2')).json().data[0].id;
    const bought = await c.post('/api/perch/createWithItems', {
      invoice: { cust_id: supplier, pay_date: '2026-02-01', pay: '0' },
      items: [{ item_id: item.id, quantity: '7', perch_price: '5' }],
    });
    expect(bought.statusCode).toBe(200);
    const filtered = async (year: number, filter: string) =>
      (
        (await c.get(`/api/items/readStockFiltered?yearId=${year}&quantity_filter=${filter}`)).json().data as {
          id: number;
          quantity: string;
        }[]
      )
        .filter((row) => row.id === item.id)
        .map((row) => row.quantity);
    const edited = await c.post('/api/items/update', {
      id: item.id,
      item_name: 'عبر السنين',
      perch_price: '5',
      pay_price: '8',
      min_qty: '4',
    });
    expect(edited.statusCode).toBe(200);
    expect(await filtered(2, 'below_min')).toEqual(['3.000']);
    expect(await filtered(1, 'below_min')).toEqual([]);
    expect(await filtered(1, 'positive')).toEqual(['10.000']);
    const counted = async (year: number) =>
      (
        await c.get(
          `/api/items/stockList?yearId=${year}&quantity_filter=below_min&search=${encodeURIComponent('عبر السنين')}`,
        )
      ).json().total;
    expect([await counted(2), await counted(1)]).toEqual([1, 0]);
    // The secondary base names its year, or is refused.
    expect((await c.get('/api23/items/stockList')).statusCode).toBe(400);
    expect((await c.get('/api23/items/readStockTotals?yearId=2')).statusCode).toBe(200);
  });

  it("a missing record reads as an empty data array; another store's stock never shows", async () => {
    const c = await signedIn();
    const item = await newItem(c, { firstQuantity: '1' });
    for (const path of [
      'items/getItemById?id=999999',
      'items/readItemByIdQty?id=999999',
      'items/readItemByIdQty',
      'item_categories/read_single?id=999999',
    ]) {
      const res = await c.get(`/api/${path}`);
      expect([res.statusCode, res.json()], path).toEqual([200, { data: [] }]);
    }
    const other = await signedIn('admin', 'admin123', 2);
    expect(await one(other, `/api/items/readItemByIdQty?id=${item.id}`)).toEqual([]);
    // Store 2 stocks the company's item as its own row (docs/catalogue.md), with its own stock: none.
    const search = encodeURIComponent(item.item_name);
    const listed = (await other.get(`/api/items/stockList?search=${search}`)).json();
    expect([listed.total, listed.data[0].item_id === item.id, listed.data[0].quantity]).toEqual([1, false, '0.000']);
    // A store id that is not the session's is refused like on every store-scoped call.
    expect((await other.get('/api/items/readStock?store_id=1')).statusCode).toBe(403);
  });

  it("the export is the screen's rows in its order, every page, with its columns", async () => {
    const c = await signedIn();
    const category = (await c.post('/api/item_categories/create', { category_name: 'تصدير المخزون' })).json().data[0];
    for (const q of ['2', '0', '5'])
      await newItem(c, { category_id: category.id, firstQuantity: q, perch_price: '80', pay_price: '100' });
    const exported = await c.get(`/api/items/stockExport?category_id=${category.id}&sort=quantity&order=desc`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toContain('item-stock.xlsx');
    const rows = await readSheet(exported.rawPayload);
    const header = rows[0]?.cells ?? [];
    expect(header[0]).toBe('الصنف');
    const at = (name: string) => header.indexOf(name);
    expect(rows.slice(1).map((row) => row.cells[at('المخزون')])).toEqual(['5', '2', '0']);
    expect(rows.slice(1).map((row) => row.cells[at('نسبة الفائدة')])).toEqual(['25', '25', '25']);
    expect(rows[1]?.cells[at('المجموع')]).toBe('500');
    expect((await c.get('/api/items/stockExport?sort=nope')).statusCode).toBe(400);
  });
  it('the stock at a day (as_of): quantity, value at cost and a breakdown up to that day, in the year holding it', async () => {
    const c = await signedIn();
    const item = await movedItem(c);
    const at = async (day: string) =>
      (await one(c, `/api/items/stockList?as_of=${day}&search=${encodeURIComponent(item.item_name)}`))[0];
    // 1 January: the opening 10 @ 80. 5 March: bought 6 @ 70 (16 worth 1,220.00), sold 4 at 76.25 (305.00).
    expect(await at('2026-02-15')).toMatchObject({
      quantity: '10.000',
      stockValuePerchPrice: '800.00',
      avg_cost: '80.00',
      firstQuantity: '10.000',
      perchQuantity: '0.000',
      salesQuantity: '0.000',
      tswiaQuantity: '0.000',
      lastSoldDate: null,
    });
    expect(await at('2026-03-05')).toMatchObject({
      quantity: '12.000',
      stockValuePerchPrice: '915.00',
      perchQuantity: '6.000',
      salesQuantity: '4.000',
      lastSoldDate: '2026-03-05',
    });
    // After the count the day's stock is the stock now; before the book's first movement, nothing (read in 2025).
    const [now] = await one(c, `/api/items/readItemByIdQty?id=${item.id}`);
    expect(await at('2026-04-30')).toEqual(now);
    expect(await at('2025-12-31')).toMatchObject({
      quantity: '0.000',
      stockValuePerchPrice: '0.00',
      firstQuantity: '0.000',
    });

    // The filters and the totals read the same day: 12 is "> 0" on 5 March, the count reads it with it.
    const search = encodeURIComponent(item.item_name);
    const positive = await c.get(`/api/items/stockList?as_of=2026-03-05&quantity_filter=positive&search=${search}`);
    expect(positive.json().total).toBe(1);
    const [totals] = await one(c, `/api/items/readStockTotals?as_of=2026-03-05&search=${search}`);
    expect(totals).toEqual({ stockValuePayPrice: '1200.00', stockValuePerchPrice: '915.00', itemsCount: 1 });
    // The whole store's stock at cost on a day is what its inventory account holds on that day.
    for (const day of ['2026-02-15', '2026-03-05', '2026-03-08']) {
      const [all] = await one(c, `/api/items/readStockTotals?as_of=${day}`);
      const sheet = (await c.get(`/api/reports/balanceSheet?as_of=${day}`)).json().data[0];
      const inventory = sheet.assets
        .flatMap((section: { accounts: { sub_name: string; amount: string }[] }) => section.accounts)
        .find((account: { sub_name: string }) => account.sub_name === 'المخزون');
      expect(all?.stockValuePerchPrice, day).toBe(inventory?.amount ?? '0.00');
    }
    expect((await c.get('/api/items/stockList?as_of=2026-02-30')).statusCode).toBe(400);
  });
});
