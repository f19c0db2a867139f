/**
 * A back-dated correction of a busy item, and an ordinary sale beside it.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx bench/backdated-edit.ts   (an empty database)
 *   npx tsx bench/backdated-edit.ts                                                            (embedded PGlite)
 *   LATER=50000 npx tsx bench/backdated-edit.ts
 *
 * Store 1 of a fresh demo database gets one item bought on 1 January and sold LATER times (one unit a sale) on the
 * days after, posted through the app's own replay (the rules and the writer a save uses), and ten items with opening
 * stock. Through the real HTTP layer it then times, median of five after a warm-up:
 * - the purchase's price corrected (its date unchanged): every later movement of the item is valued again, with its
 *   sale's line cost and cost lines, in the request's transaction;
 * - a payment recorded on that purchase (nothing is re-valued);
 * - a 10-line sale of the other items, as the counter saves one.
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

const LATER = Number(process.env.LATER ?? 20_000);

const { options, dataDir } = benchDatabase('mizan-bench-');
const database = await openBook(options);
const { db } = database;
await seedDemoIfEmpty(db);

const started = performance.now();
const [busy] = (
  await db.execute<{ id: number }>(sql`insert into items (store_id, item_name, part_no, pay_price, perch_price)
    values (1, 'صنف كثير الحركة', 'BUSY', 9, 5) returning id`)
).rows;
if (!busy) throw new Error('no item');
const [parties] = (
  await db.execute<{ customer: number; credit: number; supplier: number }>(sql`select
    (select id from sub_accounts where store_id = 1 and ac_id = 1 order by id limit 1) as customer,
    (select id from sub_accounts where store_id = 1 and ac_id = 1 order by id offset 1 limit 1) as credit,
    (select id from sub_accounts where store_id = 1 and ac_id = 2 order by id limit 1) as supplier`)
).rows;
if (!parties) throw new Error('no parties');
const [purchase] = (
  await db.execute<{ pay_id: number }>(sql`insert into trade_document
      (kind, pay_ref, store_id, "yearId", cust_id, tot_pr, changee, pay_date, pay_time)
    values ('perch', 'BUSY-P', 1, 1, ${parties.supplier}, ${LATER * 2 * 5}, ${LATER * 2 * 5}, '2026-01-01', '09:00')
    returning pay_id`)
).rows;
if (!purchase) throw new Error('no purchase');
await db.execute(sql`insert into trade_line (pay_id, store_id, item_id, item_name, quantity, pay_price, perch_price, tot)
  values (${purchase.pay_id}, 1, ${busy.id}, 'صنف كثير الحركة', ${LATER * 2}, 9, 5, ${LATER * 2 * 5})`);
await db.execute(sql`insert into trade_document
    (kind, pay_ref, store_id, "yearId", cust_id, tot_pr, changee, pay_date, pay_time)
  select 'pay', 'BUSY-S' || g, 1, 1, ${parties.customer}, 9, 9, date '2026-01-02' + (g % 300), '10:00'
  from generate_series(1, ${LATER}) g`);
await db.execute(sql`insert into trade_line (pay_id, store_id, item_id, item_name, quantity, pay_price, perch_price, tot)
  select pay_id, 1, ${busy.id}, 'صنف كثير الحركة', 1, 9, 5, 9 from trade_document where pay_ref like 'BUSY-S%'`);
await db.execute(sql`insert into items (store_id, item_name, part_no, pay_price, perch_price)
  select 1, 'صنف ' || g, 'TEN-' || g, 20, 10 from generate_series(1, 10) g`);
const ten = (
  await db.execute<{ item_id: number; pay_price: string; perch_price: string }>(
    sql`select id as item_id, pay_price::text, perch_price::text from items where part_no like 'TEN-%' order by id`,
  )
).rows;
await db.transaction((tx) =>
  replaceOpeningQuantities(
    tx,
    1,
    1,
    ten.map((item) => ({ ...item, quantity: '100000' })),
  ),
);
await db.transaction((tx) => replayStoreYear(tx, 1, 1));
await db.execute(sql`analyze`);
console.log(
  `item with a purchase on 1 January and ${LATER} later sales, posted in ` +
    `${((performance.now() - started) / 1000).toFixed(1)} s on ${database.kind}`,
);

const app = await buildApp({ db });
await app.ready();
const call = await signedInClient(app);

const correct = (price: string, pay = '0') =>
  call('POST', '/api/perch/updateWithItems', {
    invoice: { pay_id: purchase.pay_id, cust_id: parties.supplier, pay_date: '2026-01-01', pay_time: '09:00', pay },
    items: [{ item_id: busy.id, quantity: String(LATER * 2), perch_price: price }],
  });
await time(`back-dated purchase price corrected: ${LATER} later movements re-valued`, (n) =>
  correct(n % 2 ? '6' : '5'),
);
await time('a payment recorded on the same purchase (nothing re-valued)', (n) => correct('5', String(n * 10)));
const [check] = (
  await db.execute<{ stock: string; inventory: string }>(sql`select
    (select sum(value) from item_cost where store_id = 1 and "yearId" = 1)::text as stock,
    (select sum(l.debit - l.credit) from ledger_line l join sub_accounts a on a.id = l.account_id
      where a.store_id = 1 and a.role = 'inventory' and l."yearId" = 1)::text as inventory`)
).rows;
if (check?.stock !== check?.inventory) throw new Error(`stock at cost ${check?.stock} ≠ inventory ${check?.inventory}`);
await time('save a 10-line sale', (n) =>
  call('POST', '/api/pay/createWithItems', {
    // On credit: the first customer is the walk-in one, whose sales are paid in full.
    invoice: { cust_id: parties.credit, pay_date: '2026-11-22', pay: '0', idempotency_key: `ten-${n}-${Date.now()}` },
    items: ten.map((item) => ({ item_id: item.item_id, quantity: '1' })),
  }),
);

await app.close();
await database.close();
if (dataDir) rmSync(dataDir, { recursive: true, force: true });
