/**
 * A large store, and how fast the trading screens read it.
 *
 *   npx tsx bench/large-store.ts                      # embedded PGlite (the single-shop default)
 *   DATABASE_URL=postgres://... npx tsx bench/large-store.ts
 *   DOCS=100000 ITEMS=5000 CUSTOMERS=5000 npx tsx bench/large-store.ts
 *
 * It fills store 1 of a fresh demo database by SQL (items, customers, and sales invoices with three lines each), posts
 * the opening stock and the sales through the app's own posting rules and writer (bulk-inserting what they return,
 * never a second copy of posting in SQL), then times the reads the screens make through the real HTTP layer, and
 * one save.
 */
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { openBook } from '../apps/server/src/features/book/openBook.ts';
import { seedDemoIfEmpty } from '../apps/server/src/features/demo/demo.seed.ts';
import { replaceOpeningQuantities } from '../apps/server/src/features/openingStock/openingStock.posting.ts';
import { replayStoreYear } from '../apps/server/src/features/posting/costReplay.ts';
import { benchDatabase } from './benchDatabase.ts';
import { signedInClient, time } from './injectClient.ts';

const DOCS = Number(process.env.DOCS ?? 20_000);
const ITEMS = Number(process.env.ITEMS ?? 2_000);
const CUSTOMERS = Number(process.env.CUSTOMERS ?? 2_000);

const { options, dataDir } = benchDatabase('mizan-bench-');
const database = await openBook(options);
const { db } = database;
await seedDemoIfEmpty(db);

const started = performance.now();
await db.execute(sql`insert into items (store_id, item_name, part_no, pay_price, perch_price)
  select 1, 'صنف ' || g, 'B-' || g, 10 + g % 90, 5 + g % 45 from generate_series(1, ${ITEMS}) g`);
// Opening stock through the same code as the opening-stock import: `firstq` rows and what they post.
const benchItems = await db.execute<{ item_id: number; pay_price: string; perch_price: string }>(
  sql`select id as item_id, pay_price::text, perch_price::text from items where store_id = 1 and part_no like 'B-%'`,
);
await db.transaction((tx) =>
  replaceOpeningQuantities(
    tx,
    1,
    1,
    benchItems.rows.map((item) => ({ ...item, quantity: '1000000' })),
  ),
);
await db.execute(sql`insert into sub_accounts (store_id, ac_id, sub_name, sub_code, sub_type, cat_id, account_type)
  select 1, 1, 'عميل ' || g, 'C-' || g, 'debit', 1, 'asset' from generate_series(1, ${CUSTOMERS}) g`);
await db.execute(sql`insert into trade_document
    (kind, pay_ref, store_id, "yearId", user_id, cust_id, tot_pr, changee, pay_date, pay_time, "nextPay")
  select 'pay', 'BENCH-' || g, 1, 1, null, c.id, 0, 0, date '2026-01-01' + (g % 320), '10:00',
    case when g % 10 = 0 then date '2026-12-01' end
  from generate_series(1, ${DOCS}) g,
    lateral (select id from sub_accounts where store_id = 1 and sub_code = 'C-' || (1 + g % ${CUSTOMERS})) c`);
await db.execute(sql`with ids as (
    select array_agg(id order by id) a, count(*) n from items where store_id = 1 and part_no like 'B-%')
  insert into trade_line (pay_id, store_id, item_id, item_name, quantity, pay_price, perch_price, tot)
  select d.pay_id, 1, i.id, i.item_name, q.q, i.pay_price, i.perch_price, q.q * i.pay_price
  from trade_document d cross join ids cross join generate_series(1, 3) k,
    lateral (select ((d.pay_id + k) % 5 + 1)::numeric q) q,
    lateral (select * from items where id = ids.a[1 + (d.pay_id * 7 + k * 13) % ids.n]) i
  where d.store_id = 1 and d.pay_ref like 'BENCH-%'`);
await db.execute(sql`update trade_document d set tot_pr = s.t, pay = round(s.t * 0.6, 2), changee = s.t - round(s.t * 0.6, 2)
  from (select pay_id, sum(tot) t from trade_line group by pay_id) s
  where s.pay_id = d.pay_id and d.pay_ref like 'BENCH-%'`);
// The year is posted in order (opening quantities, then the sales by date) by the same replay that values existing
// data at start-up: each document's posting rule, with the stock at cost the earlier ones left, bulk-inserted by the
// one writer (and its kept balances and stock at cost).
await db.transaction((tx) => replayStoreYear(tx, 1, 1));
const [books] = (
  await db.execute<{ stock: string; inventory: string }>(sql`select
    (select sum(value) from item_cost where store_id = 1 and "yearId" = 1)::text as stock,
    (select sum(l.debit - l.credit) from ledger_line l join sub_accounts a on a.id = l.account_id
      where a.store_id = 1 and a.role = 'inventory' and l."yearId" = 1)::text as inventory`)
).rows;
if (books?.stock !== books?.inventory) throw new Error(`stock at cost ${books?.stock} ≠ inventory ${books?.inventory}`);
await db.execute(sql`analyze`);
console.log(
  `store 1: ${ITEMS} items, ${CUSTOMERS} customers, ${DOCS} sales (${DOCS * 3} lines, ${DOCS * 6} ledger lines) ` +
    `written in ${((performance.now() - started) / 1000).toFixed(1)} s on ${database.kind}`,
);

const app = await buildApp({ db });
await app.ready();
const call = await signedInClient(app);

const customer = (await call('GET', '/api/sub_accounts/readByStore?ac_id=1')).data[0];
const item = (await call('GET', '/api/items/searchStock?search=B-77')).data[0];
await time('sales record, a year: page 1 of 50 with count and sums', () =>
  call('GET', '/api/pay/getSales2Date?from=2026-01-01&to=2026-12-31&page=1&pageSize=50'),
);
await time('sales record, recent: page 1 of 50 with count and sums', () =>
  call('GET', '/api/pay/getTopSales?page=1&pageSize=50'),
);
await time('sales record, one date: page 1 of 50', () =>
  call('GET', '/api/pay/getSalesByDate?from=2026-06-01&page=1&pageSize=50'),
);
await time('sales record of one customer: page 1', () =>
  call('GET', `/api/pay/getTopSales?page=1&pageSize=50&cust_id=${customer.id}`),
);
await time('payment-due notifications (pay/paynotif)', () => call('GET', '/api/pay/paynotif'));
await time('item picker: search with stock', () => call('GET', '/api/items/searchStock?search=صنف 12'));
await time('party picker: every customer and supplier with balance', () =>
  call('GET', '/api/sub_accounts/getAllCustomerSupplier'),
);
// Reports (docs/reports.md): the busiest account is the cash box, with a line for every paid sale.
const cashBox = (await call('GET', '/api/reports/cashBook?pageSize=1')).account;
const cashLines = (await call('GET', `/api/sub_accounts/getStatementWithBalance?account_id=${cashBox.id}&limit=1`))
  .total;
const lastPage = Math.ceil(cashLines / 20);
await time(`statement of the cash box (${cashLines} lines): first page`, () =>
  call('GET', `/api/sub_accounts/getStatementWithBalance?account_id=${cashBox.id}&page=1&limit=20`),
);
await time(`statement of the cash box: last page (${lastPage})`, () =>
  call('GET', `/api/sub_accounts/getStatementWithBalance?account_id=${cashBox.id}&page=${lastPage}&limit=20`),
);
await time('statement of a customer, a range (from 1 July)', () =>
  call(
    'GET',
    `/api/sub_accounts/getStatementWithBalance?account_id=${customer.id}&search_type=2&start_date=2026-07-01&end_date=2026-12-31`,
  ),
);
await time('trial balance, the whole year (kept sums)', () =>
  call('GET', '/api/sub_accounts/getComprehensiveBalanceSheet'),
);
await time('trial balance, a range (March to August)', () =>
  call('GET', '/api/sub_accounts/getComprehensiveBalanceSheet?search_type=2&start_date=2026-03-01&end_date=2026-08-31'),
);
await time('profit and loss, the year, with a comparison half-year', () =>
  call('GET', '/api/reports/profitAndLoss?compare_from=2026-01-01&compare_to=2026-06-30'),
);
await time('balance sheet at 30 September', () => call('GET', '/api/reports/balanceSheet?as_of=2026-09-30'));
await time('aged receivables at the year end: page 1', () => call('GET', '/api/reports/aging'));
await time('gross profit by item: page 1', () => call('GET', '/api/reports/grossProfit?by=item'));
const exportStarted = performance.now();
const heapBefore = process.memoryUsage().heapUsed;
await time(`statement of the cash box as .xlsx (${cashLines} lines, streamed)`, () =>
  call('GET', `/api/reports/statementExport?account_id=${cashBox.id}`, undefined, true),
);
console.log(
  `${'  heap growth over the export runs'.padEnd(72)} ${((process.memoryUsage().heapUsed - heapBefore) / 1e6).toFixed(0).padStart(8)} MB ` +
    `(${((performance.now() - exportStarted) / 1000).toFixed(1)} s in all)`,
);

let n = 0;
await time('save a 3-line sale (stock check, reference, posting)', () =>
  call('POST', '/api/pay/createWithItems', {
    invoice: { cust_id: customer.id, pay_date: '2026-11-22', pay: '0', idempotency_key: `bench-${n++}-${Date.now()}` },
    items: [
      { item_id: item.id, quantity: '1' },
      { item_id: item.id + 1, quantity: '2' },
      { item_id: item.id + 2, quantity: '1' },
    ],
  }),
);

await app.close();
await database.close();
if (dataDir) rmSync(dataDir, { recursive: true, force: true });
