/**
 * The reads `npm run bench` times (issues 19 and 20) and `bench/explain.ts` explains: each a label, its goal and a
 * call through the signed-in client, on the large store's busiest item and customer.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../apps/server/src/db/client.ts';
import type { signedInClient } from './injectClient.ts';

type Call = Awaited<ReturnType<typeof signedInClient>>;
export type BenchRead = { label: string; goalMs: number; run: (call: Call, n: number) => Promise<unknown> };

/** What the reads are about: the store's busiest item, some items, the busiest credit customer, a category. */
export async function benchSubjects(db: DbOrTx) {
  const first = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    (await db.execute<T>(query)).rows[0] as T;
  const busiest = await first<{ item_id: number }>(sql`select item_id from stock_movement where store_id = 1
    group by item_id order by count(*) desc limit 1`);
  const someItems = (
    await db.execute<{ id: number }>(sql`select id from items where store_id = 1 order by id limit 120`)
  ).rows;
  const customer = await first<{ id: number }>(sql`select cust_id as id from trade_document where store_id = 1
    and kind = 'pay' group by cust_id order by count(*) desc offset 1 limit 1`);
  const category = await first<{ id: number }>(
    sql`select id from item_categories where store_id = 1 order by id limit 1`,
  );
  const { lines } = await first<{ lines: number }>(
    sql`select count(*)::int as lines from ledger_line where account_id = ${customer.id} and "yearId" = 1`,
  );
  return { busiest, someItems, customer, customerLines: lines, category };
}

export async function benchReads(db: DbOrTx): Promise<BenchRead[]> {
  const { busiest, someItems, customer, customerLines, category } = await benchSubjects(db);
  const statementPage = (page: number) =>
    get(`/api/sub_accounts/getStatementWithBalance?account_id=${customer.id}&page=${page}&pageSize=50`);
  const get = (url: string) => (call: Call) => call('GET', url);
  return [
    // Stock (issue 19).
    {
      label: "one item's stock (items/readItemByIdQty)",
      goalMs: 5,
      run: (call, n) => call('GET', `/api/items/readItemByIdQty?id=${someItems[n % someItems.length]?.id}`),
    },
    { label: 'item-stock page 1 of 20', goalMs: 50, run: get('/api/items/stockList?page=1&pageSize=20') },
    { label: 'item-stock page 1,000 of 20', goalMs: 50, run: get('/api/items/stockList?page=1000&pageSize=20') },
    {
      label: 'item-stock search "فلتر زيت Bosch"',
      goalMs: 50,
      run: get(`/api/items/stockList?page=1&pageSize=20&search=${encodeURIComponent('فلتر زيت Bosch')}`),
    },
    {
      label: 'items screen search "فلتر زيت" (items/read)',
      goalMs: 50,
      run: get(`/api/items/read?page=1&pageSize=20&search=${encodeURIComponent('فلتر زيت')}`),
    },
    {
      label: 'item-stock quantity = 0',
      goalMs: 50,
      run: get('/api/items/stockList?page=1&pageSize=20&quantity_filter=zero'),
    },
    {
      label: 'item-stock below minimum',
      goalMs: 50,
      run: get('/api/items/stockList?page=1&pageSize=20&quantity_filter=below_min'),
    },
    {
      label: 'item-stock one category, sorted by value at cost',
      goalMs: 50,
      run: get(
        `/api/items/stockList?page=1&pageSize=20&category_id=${category.id}&sort=stockValuePerchPrice&order=desc`,
      ),
    },
    {
      label: 'stock totals: all items at cost and at price (readStockTotals)',
      goalMs: 100,
      run: get('/api/items/readStockTotals'),
    },
    {
      label: 'item-stock quantity > 0',
      goalMs: 50,
      run: get('/api/items/stockList?page=1&pageSize=20&quantity_filter=positive'),
    },
    {
      label: 'item-stock quantity > 0, sorted by value at cost',
      goalMs: 50,
      run: get('/api/items/stockList?page=1&pageSize=20&quantity_filter=positive&sort=stockValuePerchPrice&order=desc'),
    },
    {
      label: 'stock totals of the items > 0 (readStockTotals)',
      goalMs: 100,
      run: get('/api/items/readStockTotals?quantity_filter=positive'),
    },
    {
      label: 'movement report, busiest item, first page',
      goalMs: 100,
      run: get(`/api/reports/itemMovement?item_id=${busiest.item_id}&page=1&pageSize=50`),
    },
    {
      label: 'movement report, busiest item, a month',
      goalMs: 100,
      run: get(`/api/reports/itemMovement?item_id=${busiest.item_id}&from=2026-06-01&to=2026-06-30&page=1&pageSize=50`),
    },
    {
      label: 'validateStockQuantity, 20 items',
      goalMs: 20,
      run: (call) =>
        call('POST', '/api/items/validateStockQuantity', {
          itemList: someItems.slice(0, 20).map((item) => ({ item_id: item.id, quantity: '1' })),
        }),
    },
    // The trading screens' reads on the same tables (issue 19: the same < 50 ms goal).
    {
      label: 'sales record, first page of 50 with count and sums',
      goalMs: 50,
      run: get('/api/pay/getTopSales?page=1&pageSize=50'),
    },
    { label: 'payment-due sales (notifications)', goalMs: 50, run: get('/api/pay/paynotif') },
    // The party picker as the invoice screens read it: a term typed (the server's search, 20 suggestions), then the
    // chosen party's balance alone. The whole list is what the POS and the phone keep for selling offline.
    {
      label: 'party search: a common name typed with its variant ("احمد" finds أحمد), customers, 20',
      goalMs: 50,
      run: get(`/api/sub_accounts/partyNames?search=${encodeURIComponent('احمد')}&side=customer`),
    },
    {
      label: 'party search: a code typed in Arabic-Indic digits',
      goalMs: 50,
      run: get(`/api/sub_accounts/partyNames?search=${encodeURIComponent('١٢')}`),
    },
    {
      label: "party names: the store's whole list (kept offline)",
      goalMs: 50,
      run: get('/api/sub_accounts/partyNames'),
    },
    {
      label: "party picker: the chosen customer's balance",
      goalMs: 50,
      run: get(`/api/sub_accounts/getAccountBalance?account_id=${customer.id}`),
    },
    // The account pickers (the voucher's account, the journal's rows, the statement): a term typed, 20 suggestions
    // with their balances, the balances summed for the accounts found only.
    {
      label: 'account search: "احمد" (finds أحمد), 20 with balances',
      goalMs: 50,
      run: get(`/api/sub_accounts/readWithBalance?search=${encodeURIComponent('احمد')}&pageSize=20`),
    },
    {
      label: "account search: a code in Arabic-Indic digits, a receipt's accounts",
      goalMs: 50,
      run: get(`/api/sub_accounts/readWithBalance?search=${encodeURIComponent('١٢')}&only=counterpart&pageSize=20`),
    },
    {
      label: 'every customer and supplier with its balance (legacy clients)',
      goalMs: 50,
      run: get('/api/sub_accounts/getAllCustomerSupplier'),
    },
    {
      label: 'sales screen item search "فلتر"',
      goalMs: 50,
      run: get('/api/items/searchStock?search=%D9%81%D9%84%D8%AA%D8%B1'),
    },
    // Money (issue 20).
    {
      label: 'account statement of the busiest customer, first page',
      goalMs: 100,
      run: statementPage(1),
    },
    {
      label: 'account statement of the busiest customer, last page',
      goalMs: 100,
      run: statementPage(Math.max(1, Math.ceil(customerLines / 50))),
    },
    // As the screen asks: 200 accounts and the whole list's count and sums.
    {
      label: 'trial balance, the year, first 200 accounts',
      goalMs: 100,
      run: get('/api/sub_accounts/getComprehensiveBalanceSheet?page=1&pageSize=200'),
    },
    {
      label: 'trial balance, March to August, first 200 accounts',
      goalMs: 100,
      run: get(
        '/api/sub_accounts/getComprehensiveBalanceSheet?search_type=2&start_date=2026-03-01&end_date=2026-08-31&page=1&pageSize=200',
      ),
    },
    {
      label: 'trial balance, the year, every account (legacy clients)',
      goalMs: 100,
      run: get('/api/sub_accounts/getComprehensiveBalanceSheet'),
    },
    {
      label: 'profit and loss, the year',
      goalMs: 300,
      run: get('/api/reports/profitAndLoss?from=2026-01-01&to=2026-12-31'),
    },
    {
      label: 'profit and loss, a quarter, compared with the one before',
      goalMs: 300,
      run: get(
        '/api/reports/profitAndLoss?from=2026-07-01&to=2026-09-30&compare_from=2026-04-01&compare_to=2026-06-30',
      ),
    },
    { label: 'balance sheet at the year end', goalMs: 300, run: get('/api/reports/balanceSheet?as_of=2026-12-31') },
    { label: 'balance sheet at 30 June', goalMs: 300, run: get('/api/reports/balanceSheet?as_of=2026-06-30') },
    { label: 'aged receivables', goalMs: 300, run: get('/api/reports/aging?side=receivable') },
    { label: 'aged payables at 30 June', goalMs: 300, run: get('/api/reports/aging?side=payable&as_of=2026-06-30') },
    // The owner's dashboard (issue 34): every tile in one call, on a busy day of the year.
    { label: "the owner's dashboard, 15 September", goalMs: 300, run: get('/api/dashboard/read?date=2026-09-15') },
    // The owner's view across the two stores (issue 33), after the year's 10,000 transfers between them.
    {
      label: "one item's stock in every store (items/storesStock)",
      goalMs: 10,
      run: (call, n) => call('GET', `/api/items/storesStock?item_id=${someItems[n % someItems.length]?.id}`),
    },
    {
      label: 'consolidated stock and valuation over both stores, page 1 with the sums',
      goalMs: 200,
      run: get('/api/consolidated/stock?store_ids=1,2&page=1&pageSize=50'),
    },
    {
      label: 'consolidated stock over both stores, page 500 of 50',
      goalMs: 200,
      run: get('/api/consolidated/stock?store_ids=1,2&page=500&pageSize=50'),
    },
  ];
}
