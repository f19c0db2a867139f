/**
 * A shop's year, generated: categories and items, customers and suppliers, sales (cash at the counter and on credit,
 * some with a discount and a due date), purchases, returns of both, opening quantities and stock counts. The demo
 * uses it at a shop's size so every list and report shows something; the large-store benchmark at 50,000 items and
 * 2,000,000 lines.
 *
 * Deterministic from `seed`: every choice is a hash of the seed and the row's number (`hashtext`, the same in
 * PostgreSQL and PGlite), so the same seed and size give the same shop.
 *
 * The documents are inserted by SQL (set-based, fast at any size); what they post is never written here: the
 * store's year is then posted by `replayStoreYear`, the same posting rules and writer as a save, and the counts are
 * saved through the save pipeline (`writeCount`). The vouchers are inserted set-based too and posted by the journal
 * family's rule in one pass (shopVouchers.ts), and so are the general journals (shopJournals.ts). Opening
 * quantities are chosen after the documents so that no item ever goes below zero: each item opens with what its
 * lowest point needs plus a margin.
 */
import { kindOf, type SessionUser } from '@mizan/contract';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { replaceOpeningQuantities } from '../openingStock/openingStock.posting.ts';
import { replayStoreYear } from '../posting/costReplay.ts';
import { stockAt } from '../stock/stockAt.ts';
import { writeCount } from '../stockCount/stockCount.service.ts';
import { insertJournals } from './shopJournals.ts';
import { firstNames, lastNames } from './shopNames.ts';
import { insertVouchers, seededPick } from './shopVouchers.ts';

export type ShopSize = {
  categories: number;
  items: number;
  customers: number;
  suppliers: number;
  sales: number;
  /** Lines per sale: 1 to this many. */
  saleLines: number;
  purchases: number;
  /** Lines per purchase: 2 to this many. */
  purchaseLines: number;
  salesReturns: number;
  purchaseReturns: number;
  counts: number;
  countLines: number;
  /** Receipt vouchers planned from credit customers, each settling their open sales oldest first. */
  receipts: number;
  /** Payment vouchers to suppliers, each settling their open purchases oldest first. */
  payments: number;
  /** Expense vouchers (rent, electricity) paid from the cash box. */
  expenses: number;
  /** General journals: cash and bank transfers, payroll, accrued expenses, depreciation (shopJournals.ts). */
  journals: number;
  /** Lines per journal: 2 to this many (a transfer has 2; at most 64). */
  journalLines: number;
};

/** A small shop, for the demo: a few hundred items and a year of a few sales a day. */
export const demoShopSize: ShopSize = {
  categories: 12,
  items: 300,
  customers: 40,
  suppliers: 8,
  sales: 1_500,
  saleLines: 5,
  purchases: 120,
  purchaseLines: 8,
  salesReturns: 30,
  purchaseReturns: 6,
  counts: 6,
  countLines: 8,
  receipts: 12,
  payments: 4,
  expenses: 4,
  journals: 12,
  journalLines: 8,
};

/** The large store of the benchmark (issues 19 and 20): about 2,000,000 sale and purchase lines, 200,000 vouchers. */
export const largeStoreSize: ShopSize = {
  categories: 100,
  items: 50_000,
  customers: 10_000,
  suppliers: 500,
  sales: 200_000,
  saleLines: 15,
  purchases: 50_000,
  purchaseLines: 14,
  salesReturns: 2_000,
  purchaseReturns: 500,
  counts: 5_000,
  countLines: 10,
  // About 200,000 vouchers made (issue 20): a receipt or payment for a party who owes nothing that day is not made,
  // so of these 450,000 planned a fifth of the store (SCALE=0.2) makes 39,615.
  receipts: 300_000,
  payments: 100_000,
  expenses: 50_000,
  // About 5,000,000 ledger lines in all with the documents' and vouchers' (issue 20): see docs/large-store.md.
  journals: 440_000,
  journalLines: 20,
};

export type ShopPlan = {
  storeId: number;
  yearId: number;
  /** The first and last day documents are dated (inside the year). */
  from: string;
  to: string;
  size: ShopSize;
  seed: number;
  /** Who saved the documents (an administrator of the store). */
  user: SessionUser;
  /** Told after each step, for a progress bar. */
  onStep?: (step: string, done: number, of: number) => void;
};

const steps = [
  'items',
  'parties',
  'sales',
  'purchases',
  'returns',
  'openings',
  'posting',
  'counts',
  'vouchers',
  'journals',
] as const;

const categoryNames = [
  'فلاتر',
  'زيوت',
  'فرامل',
  'كهرباء',
  'تعليق',
  'تبريد',
  'محرك',
  'إطارات',
  'إضاءة',
  'بطاريات',
  'أحزمة',
  'إكسسوارات',
];
const productNames = [
  'فلتر زيت',
  'فلتر هواء',
  'فلتر بنزين',
  'زيت محرك',
  'تيل فرامل',
  'قرص فرامل',
  'بوجي',
  'سير مروحة',
  'مساعد أمامي',
  'مساعد خلفي',
  'طرمبة ماء',
  'رادياتير',
  'لمبة أمامية',
  'بطارية',
  'كلتش',
  'ردياتير مكيف',
];
const brands = ['Bosch', 'Denso', 'NGK', 'Valeo', 'Mann', 'Mobil', 'Castrol', 'Brembo', 'KYB', 'Gates'];
const models = ['كورولا', 'هايلوكس', 'لاندكروزر', 'إلنترا', 'سوناتا', 'صني', 'باترول', 'سيراتو'];
const units = ['قطعة', 'علبة', 'لتر', 'طقم'];

const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

/**
 * Generates the shop into `plan.storeId`'s year. The store and its role accounts must exist, and the store must hold
 * no documents yet (every document of the store is taken as generated).
 */
export async function generateShop(db: Db, plan: ShopPlan): Promise<void> {
  const { storeId, size } = plan;
  const tell = (step: (typeof steps)[number]) => plan.onStep?.(step, steps.indexOf(step) + 1, steps.length);
  // A number in [0, 2^31) chosen by the seed, a salt and a row number.
  const pick = seededPick(plan.seed);
  const days = sql`(${plan.to}::date - ${plan.from}::date + 1)`;

  await db.transaction(async (tx) => {
    tell('items');
    await tx.execute(sql`insert into item_categories (store_id, category_name)
      select ${storeId}, (${textArray(categoryNames)})[1 + (g - 1) % ${categoryNames.length}]
        || case when g > ${categoryNames.length} then ' ' || g else '' end
      from generate_series(1, ${size.categories}) g
      on conflict (store_id, category_name) do nothing`);
    // One catalogue (docs/catalogue.md): a store generated after another already stocks the generated items (their
    // rows came with the first store's); it takes its own minimum and prices for them, as a store of its own would.
    await tx.execute(sql`insert into items (store_id, item_name, item_desc, part_no, item_parcode, brand, model,
        item_unit, min_qty, perch_price, pay_price, category_id)
      select ${storeId}, p.name || ' ' || b.brand || ' ' || m.model || ' ' || g, null, 'G-' || lpad(g::text, 6, '0'),
        (6280000000000 + g)::text, b.brand, m.model, u.unit, 2 + ${pick('min', sql`g`)} % 9,
        c.cost, round(c.cost * (1.2 + (${pick('margin', sql`g`)} % 30) / 100.0) * 2) / 2, cat.id
      from generate_series(1, ${size.items}) g
      cross join lateral (select (${textArray(productNames)})[1 + ${pick('product', sql`g`)} % ${productNames.length}] as name) p
      cross join lateral (select (${textArray(brands)})[1 + ${pick('brand', sql`g`)} % ${brands.length}] as brand) b
      cross join lateral (select (${textArray(models)})[1 + ${pick('model', sql`g`)} % ${models.length}] as model) m
      cross join lateral (select (${textArray(units)})[1 + ${pick('unit', sql`g`)} % ${units.length}] as unit) u
      cross join lateral (select (5 + ${pick('cost', sql`g`)} % 400 + (${pick('cents', sql`g`)} % 4) * 0.25)::numeric(20, 2) as cost) c
      cross join lateral (select id from item_categories where store_id = ${storeId}
        order by id offset (g - 1) % ${size.categories} limit 1) cat
      on conflict (store_id, part_no) where part_no is not null
        do update set min_qty = excluded.min_qty, perch_price = excluded.perch_price, pay_price = excluded.pay_price`);

    tell('parties');
    await tx.execute(sql`insert into sub_accounts (store_id, ac_id, sub_name, sub_code, sub_type, cat_id, phone)
      select ${storeId}, 1, (${textArray(firstNames)})[1 + ${pick('first', sql`g`)} % ${firstNames.length}] || ' '
          || (${textArray(lastNames)})[1 + ${pick('last', sql`g`)} % ${lastNames.length}] || ' ' || g,
        (10000 + g)::text, 'debit', 1, '09' || lpad((${pick('phone', sql`g`)} % 100000000)::text, 8, '0')
      from generate_series(1, ${size.customers}) g`);
    await tx.execute(sql`insert into sub_accounts (store_id, ac_id, sub_name, sub_code, sub_type, cat_id, phone)
      select ${storeId}, 2, 'مؤسسة ' || (${textArray(lastNames)})[1 + (g - 1) % ${lastNames.length}] || ' للتوريدات ' || g,
        (20000 + g)::text, 'credit', 2, '01' || lpad((${pick('sphone', sql`g`)} % 100000000)::text, 8, '0')
      from generate_series(1, ${size.suppliers}) g`);

    // The store's generated items and parties, as arrays to pick from by position.
    await tx.execute(sql`create temporary table shop_pick on commit drop as select
      (select array_agg(id order by id) from items where store_id = ${storeId} and part_no like 'G-%'
        and (substr(part_no, 3)::int) % 25 <> 0) as sold,
      (select array_agg(id order by id) from sub_accounts where store_id = ${storeId} and ac_id = 1
        and sub_code ~ '^1[0-9]{4}$') as customers,
      (select array_agg(id order by id) from sub_accounts where store_id = ${storeId} and ac_id = 2
        and sub_code ~ '^2[0-9]{4}$') as suppliers,
      (select id from sub_accounts where store_id = ${storeId} and sub_name = 'عميل نقدي' limit 1) as walk_in,
      (select store_ref from store where id = ${storeId}) as store_ref`);

    tell('sales');
    await insertDocuments(tx, plan, 'pay', size.sales, size.saleLines, pick, days);
    tell('purchases');
    await insertDocuments(tx, plan, 'perch', size.purchases, size.purchaseLines, pick, days);
    // The planner needs to know how large the new rows are (autovacuum cannot see them before the commit).
    await tx.execute(sql`analyze items, sub_accounts, trade_document, trade_line`);
    tell('returns');
    await insertReturns(tx, plan, 'sales_returns', 'pay', size.salesReturns, pick);
    await insertReturns(tx, plan, 'purchase_returns', 'perch', size.purchaseReturns, pick);

    tell('openings');
    // Each item opens with what its lowest point needs, plus a margin (none for every 25th item, never sold or
    // bought: they show as out of stock; a small one for every 10th, which ends below its minimum quantity).
    const openings = await tx.execute<{ item_id: number; quantity: string; pay_price: string; perch_price: string }>(
      sql`with moves as (
          select l.item_id, d.pay_date, d.pay_time, d.pay_id,
            case when d.kind in ('perch', 'sales_returns') then l.quantity else -l.quantity end as q
          from trade_line l join trade_document d on d.pay_id = l.pay_id
          where d.store_id = ${storeId} and d."yearId" = ${plan.yearId}),
        running as (
          select item_id, sum(q) over (partition by item_id order by pay_date, pay_time, pay_id) as stock from moves),
        lowest as materialized (select item_id, least(0, min(stock)) as low from running group by item_id)
        select i.id as item_id, i.pay_price::text, i.perch_price::text,
          (coalesce(-l.low, 0) + case
            when substr(i.part_no, 3)::int % 25 = 0 then 0
            when substr(i.part_no, 3)::int % 10 = 0 then 1
            else 6 + ${pick('opening', sql`substr(i.part_no, 3)::int`)} % 60 end)::text as quantity
        from items i left join lowest l on l.item_id = i.id
        where i.store_id = ${storeId} and i.part_no like 'G-%'`,
    );
    await replaceOpeningQuantities(
      tx,
      storeId,
      plan.yearId,
      openings.rows.filter((row) => Number(row.quantity) > 0),
    );

    tell('posting');
    await replayStoreYear(tx, storeId, plan.yearId);
  });

  tell('counts');
  await saveCounts(db, plan, pick);
  tell('vouchers');
  await insertVouchers(db, plan);
  tell('journals');
  await insertJournals(db, plan, (done, of) => plan.onStep?.(`journals ${done}/${of}`, steps.length, steps.length));
  // Statistics of what was just written (the postings, movements and kept sums came after the analyze above): with
  // the planner believing the ledger empty, the reports chose nested loops over 1.4 million lines (P&L 3.7 s).
  await db.execute(sql`analyze`);
}

type Pick = (salt: string, row: ReturnType<typeof sql>) => ReturnType<typeof sql>;
/** A document's number in its kind (from its reference): the same in every store, where its id is not. */
const docNumber = sql`right(d.pay_ref, 6)::int`;

/**
 * Sales (`pay`) or purchases (`perch`), numbered in date order. Sales: six in ten to the walk-in customer, paid in
 * cash; the others on credit to a customer, half paid, one in ten with a 5 % discount, due in 30 days. Purchases:
 * from a supplier, half paid at once, the rest due in 45 days.
 */
async function insertDocuments(
  tx: DbOrTx,
  plan: ShopPlan,
  kind: 'pay' | 'perch',
  count: number,
  maxLines: number,
  pick: Pick,
  days: ReturnType<typeof sql>,
) {
  const sale = kind === 'pay';
  const letter = kindOf(kind).letter;
  await tx.execute(sql`insert into trade_document (kind, pay_ref, store_id, "yearId", user_id, cust_id, tot_pr,
      discount, pay, changee, pay_date, pay_time, pay_method, "nextPay")
    select ${kind}, upper(p.store_ref) || '-' || ${letter} || '-' || lpad(n::text, 6, '0'), ${plan.storeId},
      ${plan.yearId}, ${plan.user.id}, party, 0, 0, 0, 0, pay_date, pay_time, 'cash', null
    from (
      select g, pay_date, pay_time, party, row_number() over (order by pay_date, pay_time, g) as n
      from generate_series(1, ${count}) g, shop_pick p,
        lateral (select ${plan.from}::date + (${pick(`${kind}-day`, sql`g`)} % ${days})::int as pay_date,
          make_time(8 + (${pick(`${kind}-hour`, sql`g`)} % 12)::int, (${pick(`${kind}-minute`, sql`g`)} % 60)::int, 0)
            as pay_time) t,
        lateral (select case
          when ${sale} and ${pick(`${kind}-walk`, sql`g`)} % 10 < 6 then p.walk_in
          when ${sale} then p.customers[1 + ${pick(`${kind}-party`, sql`g`)} % cardinality(p.customers)]
          else p.suppliers[1 + ${pick(`${kind}-party`, sql`g`)} % cardinality(p.suppliers)] end as party) c
      order by n) d, shop_pick p
    order by n`);
  const minLines = sale ? 1 : 2;
  await tx.execute(sql`insert into trade_line (pay_id, store_id, item_id, item_name, quantity, pay_price,
      perch_price, tot)
    select d.pay_id, ${plan.storeId}, i.id, i.item_name, q.q, i.pay_price, i.perch_price,
      q.q * case when ${sale} then i.pay_price else i.perch_price end
    from trade_document d, shop_pick p,
      lateral generate_series(1, ${minLines} + (${pick(`${kind}-lines`, docNumber)} % ${maxLines - minLines + 1})::int) k,
      lateral (select p.sold[1 + (${pick(`${kind}-item`, docNumber)} + k) % cardinality(p.sold)] as item_id) chosen,
      lateral (select * from items where id = chosen.item_id) i,
      lateral (select (case when ${sale} then 1 + ${pick('sale-qty', sql`right(d.pay_ref, 6)::int * 16 + k`)} % 3
        else 5 + ${pick('purchase-qty', sql`right(d.pay_ref, 6)::int * 16 + k`)} % 26 end)::numeric as q) q
    where d.store_id = ${plan.storeId} and d.kind = ${kind}
    order by d.pay_id, k`);
  // Totals: the discount on one credit sale in ten, what was paid, and what stays due (with its due date).
  await tx.execute(sql`update trade_document d set tot_pr = s.gross, discount = s.discount, pay = s.paid,
      changee = s.gross - s.discount - s.paid,
      pay_method = case when s.paid = 0 then null else 'cash' end,
      "nextPay" = case when s.gross - s.discount - s.paid > 0 then d.pay_date + ${sale ? 30 : 45}::int end
    from (
      select d.pay_id, t.gross, x.discount,
        case when d.cust_id = p.walk_in then t.gross - x.discount
          when ${pick(`${kind}-paid`, docNumber)} % 2 = 0 then round((t.gross - x.discount) / 2, 2)
          else 0 end as paid
      from trade_document d, shop_pick p,
        lateral (select sum(tot) as gross from trade_line where pay_id = d.pay_id) t,
        lateral (select case when ${sale} and d.cust_id <> p.walk_in
          and ${pick('discount', docNumber)} % 10 = 0 then round(t.gross * 0.05, 2) else 0 end as discount) x
      where d.store_id = ${plan.storeId} and d.kind = ${kind}) s
    where s.pay_id = d.pay_id`);
  await bumpCounter(tx, plan.storeId, kind);
}

/**
 * Returns of `count` invoices without a discount: one unit of the first line, a few days after the invoice (never
 * after the plan's last day), refunded in cash when the invoice was paid in cash, off the balance otherwise.
 */
async function insertReturns(
  tx: DbOrTx,
  plan: ShopPlan,
  kind: 'sales_returns' | 'purchase_returns',
  originalKind: 'pay' | 'perch',
  count: number,
  pick: Pick,
) {
  if (count === 0) return;
  const letter = kindOf(kind).letter;
  const sale = originalKind === 'pay';
  await tx.execute(sql`with picked as (
      select d.pay_id, d.cust_id, d.pay, d.changee,
        least(d.pay_date + (1 + ${pick(`${kind}-after`, docNumber)} % 10)::int, ${plan.to}::date) as back_date
      from trade_document d
      where d.store_id = ${plan.storeId} and d.kind = ${originalKind}
        and d.discount = 0 and d.pay_date < ${plan.to}::date
      order by ${pick(`${kind}-which`, docNumber)}, d.pay_id
      limit ${count}),
    chosen as materialized (
      select p.*, (select l.id from trade_line l where l.pay_id = p.pay_id order by l.id limit 1) as line_id
      from picked p),
    numbered as (select c.*, row_number() over (order by back_date, pay_id) as n from chosen c),
    inserted as (
      insert into trade_document (kind, pay_ref, store_id, "yearId", user_id, cust_id, tot_pr, discount, pay,
        changee, pay_date, pay_time, pay_method, original_pay_id, return_reason)
      select ${kind}, upper(p.store_ref) || '-' || ${letter} || '-' || lpad(n::text, 6, '0'), ${plan.storeId},
        ${plan.yearId}, ${plan.user.id}, x.cust_id, price, 0, case when x.changee = 0 then price else 0 end,
        case when x.changee = 0 then 0 else price end, back_date, time '19:30', case when x.changee = 0 then 'cash' end,
        x.pay_id, ${sale ? 'عيب في الصنف' : 'مرتجع للمورد'}
      from numbered x, shop_pick p,
        lateral (select case when ${sale} then pay_price else perch_price end as price
          from trade_line where id = x.line_id) l
      order by n
      returning pay_id, original_pay_id)
    insert into trade_line (pay_id, store_id, item_id, item_name, quantity, pay_price, perch_price, tot, original_price)
    select r.pay_id, ${plan.storeId}, l.item_id, l.item_name, 1, l.pay_price, l.perch_price,
      case when ${sale} then l.pay_price else l.perch_price end,
      case when ${sale} then l.pay_price else l.perch_price end
    from inserted r join chosen c on c.pay_id = r.original_pay_id join trade_line l on l.id = c.line_id`);
  await bumpCounter(tx, plan.storeId, kind);
}

/** The kind's counter goes on from the last generated reference, so the next save takes the next number. */
async function bumpCounter(tx: DbOrTx, storeId: number, kind: string) {
  await tx.execute(sql`insert into document_counter (store_id, kind, last)
    select ${storeId}, ${kind}, count(*) from trade_document where store_id = ${storeId} and kind = ${kind}
    on conflict (store_id, kind) do update set last = greatest(document_counter.last, excluded.last)`);
}

/**
 * Stock counts through the save pipeline, in date order: each counts `countLines` items, one found short by one and
 * the others found over by one or two (the margin of the openings keeps every item at or above zero).
 */
async function saveCounts(db: Db, plan: ShopPlan, pick: Pick) {
  const { rows: items } = await db.execute<{ id: number }>(
    sql`select id from items where store_id = ${plan.storeId} and part_no like 'G-%'
      and substr(part_no, 3)::int % 25 <> 0 and substr(part_no, 3)::int % 10 <> 0 order by id`,
  );
  if (items.length === 0) return;
  const from = Date.parse(plan.from);
  const span = (Date.parse(plan.to) - from) / 86_400_000 + 1;
  for (let count = 0; count < plan.size.counts; count++) {
    if (count % 100 === 0) plan.onStep?.(`counts ${count}/${plan.size.counts}`, steps.length, steps.length);
    const date = new Date(from + Math.floor(((count + 0.5) * span) / plan.size.counts) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const { rows: offset } = await db.execute<{ n: number }>(
      sql`select (${pick('count-items', sql`${count}`)} % ${items.length})::int as n`,
    );
    const start = offset[0]?.n ?? 0;
    const chosen = Array.from(
      { length: Math.min(plan.size.countLines, items.length) },
      (_, k) => items[(start + k * 7) % items.length]?.id ?? 0,
    );
    const ids = [...new Set(chosen)];
    await db.transaction(async (tx) => {
      const system = await stockAt(tx, plan.storeId, ids, date, '21:00:00');
      const lines = ids.map((item_id, k) => {
        const have = Number(system.get(item_id) ?? 0);
        return { item_id, qtyReal: String(k === 0 && have >= 1 ? have - 1 : have + 1 + (k % 2)) };
      });
      const saved = await writeCount(tx, plan.user, {
        header: { pay_date: date, pay_time: '21:00', payComment: 'جرد دوري', yearId: plan.yearId },
        lines,
      });
      if (!saved.ok) throw new Error(`generated count ${count} was refused: ${JSON.stringify(saved)}`);
    });
  }
}
