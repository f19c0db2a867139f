/**
 * The database schema. Column names are the wire names of the legacy API (`store_ref`, `arName`, `yearDesc`, ...)
 * so rows travel to clients without a mapping layer. Every store-owned table carries `store_id`.
 */
import { ARABIC_FOLD_FROM, ARABIC_FOLD_TO, kindTokens } from '@mizan/contract';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const company = pgTable('company', {
  id: serial('id').primaryKey(),
  arName: text('arName').notNull(),
  engName: text('engName').notNull(),
  phone: text('phone'),
  phone2: text('phone2'),
  address: text('address'),
  logoUrl: text('logoUrl'),
  tradNo: text('tradNo'),
  vatNo: text('vatNo'),
  /** ISO 3166 country: the VAT number rule depends on it (15 digits in Saudi Arabia). */
  country_code: text('country_code').notNull().default('SD'),
  currency_code: text('currency_code').notNull().default('SDG'),
  currency_symbol: text('currency_symbol').notNull().default('ج.س'),
  currency_decimals: integer('currency_decimals').notNull().default(2),
  /** The uploaded logo, kept in the database so any app server can serve it (no shared disk needed). */
  logo_bytes: bytea('logo_bytes'),
  logo_type: text('logo_type'),
  /** Registered for VAT (docs/vat.md): its invoices charge VAT at each item's rate and print the tax QR. */
  vat_registered: boolean('vat_registered').notNull().default(false),
  /** Whether the selling prices (items' `pay_price`) already include VAT; purchase prices never do. */
  prices_include_vat: boolean('prices_include_vat').notNull().default(false),
  /** The standard VAT rate (percent): what a new value-only invoice charges unless another is typed (migration 0044). */
  vat_rate: numeric('vat_rate', { precision: 5, scale: 2 }).notNull().default('15'),
});

export const store = pgTable('store', {
  id: serial('id').primaryKey(),
  /** Short prefix of every reference printed for this store, e.g. `sh`. */
  store_ref: text('store_ref').notNull().unique(),
  store_name: text('store_name').notNull(),
  location: text('location'),
  /** Whether a final sale may take stock below zero (default: refused with the list of short items). */
  allow_negative_stock: boolean('allow_negative_stock').notNull().default(false),
  /** How the store's scales print their labels (contract: `ScaleBarcodeLayout`; migration 0026). */
  scale_code_digits: smallint('scale_code_digits').notNull().default(5),
  scale_value: text('scale_value').$type<'weight' | 'price'>().notNull().default('weight'),
  scale_decimals: smallint('scale_decimals').notNull().default(3),
  /** A sale at a till needs the till's shift open (docs/shifts.md; migration 0040); off: shifts are optional. */
  shifts_required: boolean('shifts_required').notNull().default(false),
  /** The prefix of the store's own EAN-13s (contract: `StoreEanPrefix`; migration 0043; docs/labels.md). */
  ean_prefix: text('ean_prefix').notNull().default('04'),
});

export const year = pgTable('year', {
  id: serial('id').primaryKey(),
  yearDesc: text('yearDesc').notNull(),
  yearStart: date('yearStart', { mode: 'string' }).notNull(),
  yearEnd: date('yearEnd', { mode: 'string' }).notNull(),
  is_current: boolean('is_current').notNull().default(false),
});

/**
 * A year a store has closed (`year/close`): no document dated in it is saved, edited or deleted until it is reopened
 * (`year/reopen`). Years are shared by all stores; each store locks its own.
 */
export const yearLock = pgTable(
  'year_lock',
  {
    store_id: integer('store_id')
      .notNull()
      .references(() => store.id),
    yearId: integer('yearId')
      .notNull()
      .references(() => year.id),
    closed_by: integer('closed_by').references((): AnyPgColumn => users.id),
    closed_at: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.store_id, t.yearId] })],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    user_name: text('user_name').notNull().unique(),
    full_name: text('full_name').notNull(),
    /** scrypt hash with its salt and cost (see lib/password.ts). The password itself is never stored. */
    password_hash: text('password_hash').notNull(),
    level: text('level').notNull().default('user'),
    is_admin: boolean('is_admin').notNull().default(false),
    is_active: boolean('is_active').notNull().default(true),
    /** The shop's owner (at most one: the first administrator). Only the owner manages the owner's account. */
    is_owner: boolean('is_owner').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_one_owner').on(t.is_owner).where(sql`${t.is_owner}`)],
);

/** Which stores a user may sign in to. */
/** The five roles (owner, administrator, accountant, store keeper, cashier); docs/permissions.md. */
export const role = pgTable('role', {
  id: integer('id').primaryKey(),
  key: text('key').notNull().unique(),
  /** Renamed by the owner. */
  name: text('name').notNull(),
  permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
  /** The largest discount, in percent of the invoice, given without `discountAboveLimit`. */
  discount_limit: numeric('discount_limit', { precision: 5, scale: 2 }).notNull().default('0'),
});

export const userStore = pgTable(
  'user_store',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    store_id: integer('store_id')
      .notNull()
      .references(() => store.id, { onDelete: 'cascade' }),
    /** The user's role in this store (a cashier's unless an administrator says otherwise). */
    role_id: integer('role_id')
      .notNull()
      .default(5)
      .references(() => role.id),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.store_id] })],
);

/**
 * Signed-in sessions. Kept in the database so any number of app servers can answer the same user.
 * The id is the SHA-256 of the cookie's token: a copy of this table cannot be replayed as cookies.
 */
export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    store_id: integer('store_id')
      .notNull()
      .references(() => store.id),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('session_expires_idx').on(t.expires_at)],
);

/**
 * Sign-in attempts per address over the last minute, to slow down password guessing. An attempt is written before
 * its password is checked (so parallel guesses count) and removed only if it succeeded: what stays are failures and
 * attempts still being checked.
 */
export const loginFailure = pgTable(
  'login_failure',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ip: text('ip').notNull(),
    /** The account tried, in lower case: attempts are limited per account as well as per address. */
    user_name: text('user_name'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failure_ip_at_idx').on(t.ip, t.at), index('login_failure_user_at_idx').on(t.user_name, t.at)],
);

/** The audit trail: who did what, when, to which record (`logToken` holds the record's keys). */
export const logHistory = pgTable(
  'logHistory',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    store_id: integer('store_id')
      .notNull()
      .references(() => store.id),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    typee: text('typee').notNull(),
    logToken: jsonb('logToken').notNull().default(sql`'{}'::jsonb`),
    yearId: integer('yearId'),
    dateCreated: timestamp('dateCreated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('log_history_store_date_idx').on(t.store_id, t.dateCreated)],
);

/** Money columns: exact decimals with 2 places; drizzle hands them over as strings (see contract money.ts). */
const moneyColumn = (name: string) => numeric(name, { precision: 15, scale: 2 });
/** Quantities: exact decimals with 3 places, since items may be sold by weight. */
const quantityColumn = (name: string) => numeric(name, { precision: 15, scale: 3 });

/** Item classifications of a store. (The legacy app also abused them as server switches; we do not.) */
export const itemCategories = pgTable(
  'item_categories',
  {
    id: serial('id').primaryKey(),
    store_id: integer('store_id')
      .notNull()
      .references(() => store.id),
    category_name: text('category_name').notNull(),
    category_desc: text('category_desc'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('item_categories_store_name_uq').on(t.store_id, t.category_name)],
);

export const items = pgTable(
  'items',
  {
    id: serial('id').primaryKey(),
    store_id: integer('store_id')
      .notNull()
      .references(() => store.id),
    /**
     * The company's item this is the store's row of (docs/catalogue.md, migration 0042): every store has one row of
     * each catalogue item, all sharing its definition (names, codes, barcode, brand, model, unit, VAT rate, image,
     * category by name), kept by triggers; stock, cost, minimum and prices are the row's own. A new item leads its own:
     * written without one, its insert trigger gives it its own id (the column has no default of its own).
     */
    catalogue_id: integer('catalogue_id').notNull().default(sql`null`),
    /** Arabic name. */
    item_name: text('item_name').notNull(),
    /** English name. */
    item_desc: text('item_desc'),
    aliasEn: text('aliasEn'),
    /** The item code ("part no"), unique in the store when given. */
    part_no: text('part_no'),
    /** Barcode, unique in the store when given. */
    item_parcode: text('item_parcode'),
    brand: text('brand'),
    model: text('model'),
    item_unit: text('item_unit'),
    min_qty: quantityColumn('min_qty').notNull().default('0'),
    /** Selling price. */
    pay_price: moneyColumn('pay_price').notNull(),
    /** Purchase price (cost). */
    perch_price: moneyColumn('perch_price').notNull(),
    /** VAT percentage. */
    tax: numeric('tax', { precision: 5, scale: 2 }).notNull().default('0'),
    category_id: integer('category_id').references(() => itemCategories.id),
    imageUrl: text('imageUrl'),
    dateCreated: timestamp('dateCreated', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the item search compares (features/items/itemSearch.ts, migration 0034): the name, the English name, the
     * alias and the code joined by a newline (no term holds one, so none is found across two columns) and folded by
     * the database when the row is written, with the contract's letters (`foldArabic`). The reads leave it out.
     */
    search_text: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`translate(lower(${sql.join(
          [items.item_name, items.item_desc, items.aliasEn, items.part_no].map(
            (column) => sql`coalesce(${column}, '')`,
          ),
          sql.raw(` || E'\\n' || `),
        )}), ${sql.raw(`'${ARABIC_FOLD_FROM}'`)}, ${sql.raw(`'${ARABIC_FOLD_TO}'`)})`,
    ),
  },
  (t) => [
    uniqueIndex('items_catalogue_store_uq').on(t.catalogue_id, t.store_id),
    uniqueIndex('items_store_part_no_uq').on(t.store_id, t.part_no).where(sql`${t.part_no} is not null`),
    uniqueIndex('items_store_parcode_uq').on(t.store_id, t.item_parcode).where(sql`${t.item_parcode} is not null`),
    index('items_store_name_idx').on(t.store_id, t.item_name),
    index('items_store_category_idx').on(t.store_id, t.category_id),
    index('items_store_brand_model_idx').on(t.store_id, t.brand, t.model),
    index('items_search_text_trgm_idx').using('gin', t.search_text.op('gin_trgm_ops')),
  ],
);

/**
 * A named price list (docs/price-lists.md, migration 0046): the company's (`store_id` null) or one store's. A name is
 * unique among the company's lists and among each store's (`price_list_name_uq` on `coalesce(store_id, 0), name`).
 */
export const priceList = pgTable('price_list', {
  id: serial('id').primaryKey(),
  store_id: integer('store_id').references(() => store.id),
  name: text('name').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A list's price of a catalogue item (`items.catalogue_id`: a company list prices the item in every store) in a unit;
 * `unit` null is the item's base unit (packagings, issue 33 part 4, will add rows of their own under the same key).
 */
export const priceListItem = pgTable(
  'price_list_item',
  {
    price_list_id: integer('price_list_id')
      .notNull()
      .references(() => priceList.id, { onDelete: 'cascade' }),
    catalogue_id: integer('catalogue_id').notNull(),
    unit: text('unit'),
    price: moneyColumn('price').notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('price_list_item_uq').on(t.price_list_id, t.catalogue_id, t.unit).nullsNotDistinct(),
    index('price_list_item_catalogue_idx').on(t.catalogue_id),
  ],
);

/** Opening quantity ("first period") of an item in a store and accounting year, with its prices then. */
export const firstq = pgTable(
  'firstq',
  {
    id: serial('id').primaryKey(),
    item_id: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    store_id: integer('store_id')
      .notNull()
      .references(() => store.id),
    fq_year: integer('fq_year')
      .notNull()
      .references(() => year.id),
    quantity: quantityColumn('quantity').notNull(),
    pay_price: moneyColumn('pay_price').notNull(),
    perch_price: moneyColumn('perch_price').notNull(),
  },
  (t) => [uniqueIndex('firstq_item_store_year_uq').on(t.item_id, t.store_id, t.fq_year)],
);

/**
 * Every change of stock, written by the document that causes it in the same transaction (opening quantities
 * now; invoices and settlements later). Stock is the sum of these rows: one figure that every screen reads.
 */
export const stockMovement = pgTable(
  'stock_movement',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    store_id: integer('store_id')
      .notNull()
      .references(() => store.id),
    yearId: integer('yearId')
      .notNull()
      .references(() => year.id),
    item_id: integer('item_id')
      .notNull()
      .references(() => items.id),
    /** Signed: positive into the store, negative out of it. */
    quantity: quantityColumn('quantity').notNull(),
    /**
     * Its value at cost, signed like the quantity (cents): what it added to or took from the item's stock value in
     * its year (`item_cost`). Its unit cost is `value / quantity`, derived and never stored (see
     * docs/inventory-costing.md). `unpost` takes it back by exactly this value.
     */
    value: numeric('value', { precision: 20, scale: 2 }).notNull().default('0'),
    /** What moved the stock: an opening quantity (`firstq`) or a document kind's wire token (`pay`, `perch`). */
    source_kind: text('source_kind').notNull(),
    source_id: integer('source_id').notNull(),
    /**
     * When it moved: its document's date and time (an opening quantity: the first day of its year at 00:00), then
     * its source and its line. Movements are costed in this order, whatever the order they were typed in.
     */
    move_date: date('move_date', { mode: 'string' }).notNull(),
    move_time: time('move_time').notNull().default('00:00:00'),
    line_no: integer('line_no').notNull().default(0),
    /**
     * How its value is found (docs/inventory-costing.md): `fixed`, in at `in_value` (a purchase line, an opening
     * quantity); `average`, out at the moving average before it (a sale, a purchase return); `returned`, back in at
     * what its original (`returns_of`) took out for these units (a sales return), kept in `in_value`.
     */
    mode: text('mode', { enum: ['fixed', 'average', 'returned', 'transferred'] })
      .notNull()
      .default('fixed'),
    in_value: numeric('in_value', { precision: 20, scale: 2 }),
    returns_of: integer('returns_of'),
    /** The document line it moved for, whose kept cost follows its value (`trade_line.cost`). */
    line_id: integer('line_id'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One chain per item in date order across years: the book is one (docs/accounting-years.md).
    index('stock_movement_chain_idx').on(t.store_id, t.item_id, t.move_date, t.move_time),
    // One date of every item (the daily movement report).
    index('stock_movement_date_idx').on(t.store_id, t.move_date),
    index('stock_movement_source_idx').on(t.source_kind, t.source_id),
  ],
);

/**
 * The stock of an item in a store and year at cost, kept current by `post` / `unpost` with their movements (the sums
 * of `stock_movement.quantity` and `.value`), under the item's lock: the moving-average cost is `value / quantity`,
 * derived and never stored. The stock value at cost of a store is the sum of `value`.
 */
export const itemCost = pgTable(
  'item_cost',
  {
    store_id: integer('store_id')
      .notNull()
      .references(() => store.id),
    // Derived data: an item that may be deleted (only opening quantities moved it) takes its zero rows with it.
    item_id: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    yearId: integer('yearId')
      .notNull()
      .references(() => year.id),
    quantity: quantityColumn('quantity').notNull().default('0'),
    value: numeric('value', { precision: 20, scale: 2 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.store_id, t.item_id, t.yearId] })],
);

/**
 * Each item's current quantity and value at cost: the sums of its `item_cost` rows of every year in its store (its
 * stock "through the latest year"; the value since migration 0030), kept by `addToItemCosts` from the same deltas,
 * with its minimum quantity copied beside it, so that the quantity filters read the matching items from an index and
 * the totals one row per item (docs/stock-reads.md). Every item has its row: statement triggers on `items` (migration
 * 0029) insert it and follow `min_qty`, whatever path wrote the item.
 */
export const itemStock = pgTable(
  'item_stock',
  {
    item_id: integer('item_id')
      .primaryKey()
      .references(() => items.id, { onDelete: 'cascade' }),
    store_id: integer('store_id')
      .notNull()
      .references(() => store.id),
    quantity: quantityColumn('quantity').notNull().default('0'),
    value: numeric('value', { precision: 20, scale: 2 }).notNull().default('0'),
    min_qty: quantityColumn('min_qty').notNull().default('0'),
  },
  (t) => [
    index('item_stock_quantity_idx').on(t.store_id, t.quantity),
    index('item_stock_below_min_idx').on(t.store_id, t.item_id).where(sql`${t.quantity} < ${t.min_qty}`),
  ],
);

/**
 * The store years whose stock must still be valued at cost and whose documents reposted by the cost rules: filled by
 * migration 0010 for the data saved before perpetual inventory, emptied by the start-up step that replays them
 * (db/costReplay.ts), one store and year per transaction.
 */
export const costReplayPending = pgTable(
  'cost_replay_pending',
  {
    store_id: integer('store_id').notNull(),
    yearId: integer('yearId').notNull(),
  },
  (t) => [primaryKey({ columns: [t.store_id, t.yearId] })],
);

/**
 * The stores whose openings may still be typed in a later year than their first (saved when each year was a
 * separate book): filled by migration 0016, emptied by the start-up step that joins their years
 * (features/book/joinYears.ts), one store per transaction.
 */
export const oneBookPending = pgTable('one_book_pending', {
  store_id: integer('store_id')
    .primaryKey()
    .references(() => store.id),
});

/** Main accounts (classes) of the chart, shared by all stores so that `ac_id` 1, 2, 3 mean the same everywhere. */
export const accounts = pgTable('accounts', {
  ac_id: integer('ac_id').primaryKey(),
  ac_name: text('ac_name').notNull(),
  eng_name: text('eng_name').notNull(),
  ac_code: text('ac_code').notNull(),
  /** The nature of the class, copied into each new sub-account's `sub_type`. */
  ac_type: text('ac_type', { enum: ['debit', 'credit'] }).notNull(),
  /**
   * The statement its accounts stand on: a balance-sheet account (parties, cash, stock, equity) carries its balance
   * into the next year; a profit-and-loss account (sales, purchases, expenses) starts each year at zero, and what
   * earlier years earned is read as retained earnings (docs/accounting-years.md).
   */
  statement: text('statement', { enum: ['balance_sheet', 'profit_loss'] })
    .notNull()
    .default('balance_sheet'),
});

/** Account categories (1 customers, 2 suppliers, ...); phone and address are kept for 1 and 2. */
export const accountCategory = pgTable('account_category', {
  id: integer('id').primaryKey(),
  cat_name: text('cat_name').notNull(),
});

/** The roles of the accounts that posting needs. Found by role, never by a hard-coded id. */
export const accountRoles = [
  'cash_box',
  'bank',
  'sales',
  'purchases',
  'opening_balance',
  'inventory',
  'cost_of_sales',
  'discount_allowed',
  'discount_received',
  'retained_earnings',
  'stock_adjustment',
  'output_vat',
  'input_vat',
  // Till shifts (docs/shifts.md): a close's over or short, the drawer's paid in and paid out.
  'cash_over_short',
  'cash_paid_in',
  'cash_paid_out',
  // Stock transfers (docs/transfers.md): goods between stores, at cost.
  'goods_in_transit',
] as const;
export type AccountRole = (typeof accountRoles)[number];

/** What an account is, for the statements and reports: the balance sheet's three, profit and loss's three. */
export const accountTypes = ['asset', 'liability', 'equity', 'income', 'cost_of_sales', 'expense'] as const;

/** The store's accounts: parties (customers, suppliers), expenses, cash and banks, and the system accounts. */
export const subAccounts = pgTable(
  'sub_accounts',
  {
    id: serial('id').primaryKey(),
    store_id: integer('store_id')
      .notNull()
      .references(() => store.id),
    ac_id: integer('ac_id')
      .notNull()
      .references(() => accounts.ac_id),
    sub_name: text('sub_name').notNull(),
    sub_code: text('sub_code'),
    sub_type: text('sub_type', { enum: ['debit', 'credit'] }).notNull(),
    /**
     * Opening balance, on the account's natural side when positive, as typed: it is posted on `opening_date` (source
     * `sub_balance`, the account's id) against the opening-balance account, and every balance reads it from the
     * ledger, never from here (docs/accounting-years.md). The opening-balance account's own is the sum of the
     * others', shown and never posted.
     */
    sub_balance: moneyColumn('sub_balance').notNull().default('0'),
    /** The day the opening balance is posted on (the day the account was taken on); null when it is 0. */
    opening_date: date('opening_date', { mode: 'string' }),
    cat_id: integer('cat_id').references(() => accountCategory.id),
    phone: text('phone'),
    address: text('address'),
    role: text('role', { enum: accountRoles }),
    /** Its type (docs/vouchers.md#accounts): given by its class unless chosen; a parent's children share it. */
    account_type: text('account_type', { enum: accountTypes }).notNull(),
    /** The account it is grouped under (of the same store and type): the chart is a tree of any depth. */
    parent_id: integer('parent_id').references((): AnyPgColumn => subAccounts.id),
    /** The price list a customer buys at (docs/price-lists.md, migration 0046): the company's or its store's. */
    price_list_id: integer('price_list_id').references((): AnyPgColumn => priceList.id),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The name and the code as the party search compares them (issue 19): folded by the database when the row is
     * written, with the contract's letters (`foldArabic`), so a search compares plain text (migration 0033).
     */
    search_name: text('search_name').generatedAlwaysAs(
      (): SQL =>
        sql`translate(lower(${subAccounts.sub_name}), ${sql.raw(`'${ARABIC_FOLD_FROM}'`)}, ${sql.raw(`'${ARABIC_FOLD_TO}'`)})`,
    ),
    search_code: text('search_code').generatedAlwaysAs(
      (): SQL =>
        sql`translate(lower(${subAccounts.sub_code}), ${sql.raw(`'${ARABIC_FOLD_FROM}'`)}, ${sql.raw(`'${ARABIC_FOLD_TO}'`)})`,
    ),
  },
  (t) => [
    index('sub_accounts_parent_idx').on(t.parent_id).where(sql`${t.parent_id} is not null`),
    check('sub_accounts_parent_not_self', sql`${t.parent_id} is null or ${t.parent_id} <> ${t.id}`),
    check(
      'sub_accounts_type_check',
      sql`${t.account_type} in ('asset', 'liability', 'equity', 'income', 'cost_of_sales', 'expense')`,
    ),
    uniqueIndex('sub_accounts_store_name_uq').on(t.store_id, t.sub_name),
    uniqueIndex('sub_accounts_store_code_uq').on(t.store_id, t.sub_code).where(sql`${t.sub_code} is not null`),
    uniqueIndex('sub_accounts_store_role_uq').on(t.store_id, t.role).where(sql`${t.role} is not null`),
    index('sub_accounts_store_class_idx').on(t.store_id, t.ac_id),
  ],
);

/**
 * The ledger: balanced double-entry lines written by each document that moves money, in its transaction.
 * An account with lines is in use and cannot be deleted.
 */
export const ledgerLine = pgTable(
  'ledger_line',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    store_id: integer('store_id')
      .notNull()
      .references(() => store.id),
    yearId: integer('yearId')
      .notNull()
      .references(() => year.id),
    account_id: integer('account_id')
      .notNull()
      .references(() => subAccounts.id),
    debit: moneyColumn('debit').notNull().default('0'),
    credit: moneyColumn('credit').notNull().default('0'),
    line_date: date('line_date', { mode: 'string' }).notNull(),
    source_kind: text('source_kind').notNull(),
    source_id: integer('source_id').notNull(),
    /** The posting document's reference (`SH-S-000123`), so a statement reads one table. */
    reference: text('reference'),
    /** What the line is, in Arabic, for statements ("فاتورة مبيعات", "المدفوع على فاتورة مبيعات"). */
    memo: text('memo'),
    /**
     * `money`: what the document's content posts (party, sales, discounts, money paid), replaced when it is saved;
     * `cost`: what its goods' value at cost posts (inventory against cost of sales), replaced when a dated change
     * of stock before it re-values them. A payment-only edit never touches the cost part.
     */
    part: text('part', { enum: ['money', 'cost'] })
      .notNull()
      .default('money'),
  },
  (t) => [
    index('ledger_line_account_idx').on(t.store_id, t.account_id, t.yearId),
    // An account's statement: its lines in date order (the opening is a sum over a range, each page a window).
    index('ledger_line_statement_idx').on(t.store_id, t.account_id, t.line_date, t.id),
    index('ledger_line_source_idx').on(t.source_kind, t.source_id),
  ],
);

/**
 * The sums of each account's ledger lines in a year, kept current by the posting itself (in the transaction of the
 * document, with the same deltas as its lines), so a balance is read from one row instead of summing the ledger:
 * the party picker, account lists and due notifications stay fast in a store with years of invoices. A test checks
 * that these rows always equal the ledger's sums.
 */
export const accountBalance = pgTable(
  'account_balance',
  {
    store_id: integer('store_id')
      .notNull()
      .references(() => store.id),
    yearId: integer('yearId')
      .notNull()
      .references(() => year.id),
    // Derived data: an account that may be deleted (it has no ledger lines) takes its zero rows with it.
    account_id: integer('account_id')
      .notNull()
      .references(() => subAccounts.id, { onDelete: 'cascade' }),
    debit_total: numeric('debit_total', { precision: 20, scale: 2 }).notNull().default('0'),
    credit_total: numeric('credit_total', { precision: 20, scale: 2 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.store_id, t.account_id, t.yearId] })],
);

/**
 * The same sums per day and kind of document (migration 0028), kept by the same writer with the same deltas: a report
 * over part of a year reads a few rows per account and day instead of every ledger line. A test checks that these
 * rows always equal the ledger's sums.
 */
/**
 * The accounts' kept sums per month (its first day), of their day rows (`account_day`) of that month: a part of a
 * year reads whole months here and only the days of a month its first or last day cuts (trialBalance.queries.ts).
 * Written by the statement that writes the days (posting.ts `balanceUpserts`, migration 0036).
 */
export const accountMonth = pgTable(
  'account_month',
  {
    store_id: integer('store_id')
      .notNull()
      .references(() => store.id),
    yearId: integer('yearId')
      .notNull()
      .references(() => year.id),
    month: date('month', { mode: 'string' }).notNull(),
    account_id: integer('account_id')
      .notNull()
      .references(() => subAccounts.id, { onDelete: 'cascade' }),
    debit_total: numeric('debit_total', { precision: 20, scale: 2 }).notNull().default('0'),
    credit_total: numeric('credit_total', { precision: 20, scale: 2 }).notNull().default('0'),
  },
  (t) => [primaryKey({ name: 'account_month_pk', columns: [t.store_id, t.yearId, t.month, t.account_id] })],
);

/**
 * The records' count and column sums per store, kind, year, day, value-only flag and user (0: a deleted user's), of
 * the documents that are records (not a legacy header awaiting its lines): a record's year page sums a few hundred
 * of these instead of every header (docs/saving-documents.md). Kept by the database's triggers on `trade_document`,
 * run at the commit (migration 0035), whatever writes the headers; held to them by `ledgerSumsInvariants`.
 */
export const documentDay = pgTable(
  'document_day',
  {
    store_id: integer('store_id')
      .notNull()
      .references(() => store.id),
    kind: text('kind').notNull(),
    yearId: integer('yearId')
      .notNull()
      .references(() => year.id),
    pay_date: date('pay_date', { mode: 'string' }).notNull(),
    value_only: boolean('value_only').notNull(),
    user_id: integer('user_id').notNull(),
    documents: integer('documents').notNull().default(0),
    tot_pr: numeric('tot_pr', { precision: 20, scale: 2 }).notNull().default('0'),
    discount: numeric('discount', { precision: 20, scale: 2 }).notNull().default('0'),
    pay: numeric('pay', { precision: 20, scale: 2 }).notNull().default('0'),
    changee: numeric('changee', { precision: 20, scale: 2 }).notNull().default('0'),
  },
  (t) => [
    primaryKey({
      name: 'document_day_pk',
      columns: [t.store_id, t.kind, t.yearId, t.pay_date, t.value_only, t.user_id],
    }),
  ],
);

export const accountDay = pgTable(
  'account_day',
  {
    store_id: integer('store_id')
      .notNull()
      .references(() => store.id),
    // Derived data: an account that may be deleted (it has no ledger lines) takes its zero rows with it.
    account_id: integer('account_id')
      .notNull()
      .references(() => subAccounts.id, { onDelete: 'cascade' }),
    yearId: integer('yearId')
      .notNull()
      .references(() => year.id),
    line_date: date('line_date', { mode: 'string' }).notNull(),
    source_kind: text('source_kind').notNull(),
    debit_total: numeric('debit_total', { precision: 20, scale: 2 }).notNull().default('0'),
    credit_total: numeric('credit_total', { precision: 20, scale: 2 }).notNull().default('0'),
  },
  (t) => [
    primaryKey({ name: 'account_day_pk', columns: [t.store_id, t.account_id, t.line_date, t.source_kind, t.yearId] }),
    index('account_day_year_idx').on(t.store_id, t.yearId, t.line_date),
  ],
);

/**
 * Trading documents: final sales (`pay`), purchases (`perch`), preliminary sales (`payinit`) and purchase orders
 * (`perchOrder`) share the legacy header shape, so they share one table with their kind. A value-only invoice is
 * a `pay` or `perch` header without lines.
 */

export const tradeDocument = pgTable(
  'trade_document',
  {
    pay_id: serial('pay_id').primaryKey(),
    kind: text('kind', { enum: kindTokens }).notNull(),
    value_only: boolean('value_only').notNull().default(false),
    /**
     * A header saved by the legacy two-call path (`pay/create` without `value_only`) whose lines have not arrived
     * (or were deleted before new ones): it posts nothing until they are saved.
     */
    awaiting_lines: boolean('awaiting_lines').notNull().default(false),
    /**
     * Allocated by the server in the save transaction: store prefix, kind letter, sequence (`SH-S-000123`). The
     * sequence runs on across years, so a reference is unique in its store over all years.
     */
    pay_ref: text('pay_ref').notNull(),
    store_id: integer('store_id')
      .notNull()
      .references(() => store.id),
    yearId: integer('yearId')
      .notNull()
      .references(() => year.id),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    cust_id: integer('cust_id')
      .notNull()
      .references(() => subAccounts.id),
    tot_pr: moneyColumn('tot_pr').notNull(),
    discount: moneyColumn('discount').notNull().default('0'),
    /**
     * The discount as typed in percent, kept only while it gives `discount` of `tot_pr` exactly (migration 0039);
     * null when it was typed as an amount. The amount is what is posted.
     */
    discount_percent: numeric('discount_percent', { precision: 5, scale: 2 }),
    /**
     * A value-only invoice's VAT rate (percent), kept so its edits keep it (migration 0044, docs/vat.md); null on a
     * document with lines (their rates are the lines' `tax`) and on the value-only invoices saved before, which
     * charged none.
     */
    vat_rate: numeric('vat_rate', { precision: 5, scale: 2 }),
    pay: moneyColumn('pay').notNull().default('0'),
    changee: moneyColumn('changee').notNull(),
    /** The VAT it carries: Σ its lines' `vat` (docs/vat.md), computed by the server. */
    taxTot: moneyColumn('taxTot').notNull().default('0'),
    /**
     * Its VAT terms, kept from when it was issued (docs/vat.md): whether it charges VAT (the company was registered)
     * and whether its prices included it (a sale when the company said so) or the VAT came on top. Its edits,
     * payments and returns use these, never the company's settings of the day; a return copies its original's.
     */
    vat_charged: boolean('vat_charged').notNull().default(false),
    vat_included: boolean('vat_included').notNull().default(false),
    /**
     * What the party owes in all (= pay + changee): tot_pr − discount, plus taxTot when it came on top. Computed by
     * the database from the figures above, so it cannot disagree with them.
     */
    total_with_vat: moneyColumn('total_with_vat')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`${tradeDocument.tot_pr} - ${tradeDocument.discount} + case when ${tradeDocument.vat_included} then 0 else ${tradeDocument.taxTot} end`,
      ),
    /**
     * What the vouchers' allocations settled of it: the sum of its `payment_allocation` rows, kept by the database's
     * triggers on them (migration 0031), so that "still due" (`changee > allocated`) is held by an index.
     */
    allocated: moneyColumn('allocated').notNull().default('0'),
    pay_date: date('pay_date', { mode: 'string' }).notNull(),
    pay_time: time('pay_time').notNull(),
    pay_method: text('pay_method'),
    payComment: text('payComment'),
    nextPay: date('nextPay', { mode: 'string' }),
    /**
     * The money account (a cash box or bank, class 4) its payment went to; null: the cash box, or the bank when the
     * method names one (`moneyAccountRole`).
     */
    money_account_id: integer('money_account_id').references(() => subAccounts.id),
    /** The client's key for this save: a retry with the same key answers the first document. */
    idempotency_key: text('idempotency_key'),
    /** A hash of the content first saved with the key: the same key with other content is refused. */
    idempotency_hash: text('idempotency_hash'),
    /**
     * The device a sale was made on (the POS or the phone, possibly offline) and its number there: 1, 2, 3, ... per
     * device, unique in the store, so `pay/deviceCounters` can show none was lost or booked twice (docs/offline.md).
     */
    device_id: text('device_id'),
    device_counter: integer('device_counter'),
    /**
     * A return's original invoice (issue 10). Deleting an invoice that still has returns is refused (the service
     * answers DOCUMENT_HAS_RETURNS first; the foreign key is the last guard).
     */
    original_pay_id: integer('original_pay_id').references((): AnyPgColumn => tradeDocument.pay_id),
    /** Why goods came back (a return's reason), and whether the return took back everything that was left. */
    return_reason: text('return_reason'),
    is_full_return: boolean('is_full_return').notNull().default(false),
    /** The till shift it was made in (docs/shifts.md), an offline sale's too; null: made at no till (a legacy client). */
    shift_id: integer('shift_id').references((): AnyPgColumn => tillShift.id),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('trade_document_ref_uq').on(t.store_id, t.pay_ref),
    uniqueIndex('trade_document_idem_uq')
      .on(t.store_id, t.idempotency_key)
      .where(sql`${t.idempotency_key} is not null`),
    uniqueIndex('trade_document_device_uq')
      .on(t.store_id, t.device_id, t.device_counter)
      .where(sql`${t.device_id} is not null`),
    // A document that charges no VAT carries none (migration 0037).
    check('trade_document_vat_terms', sql`${t.vat_charged} or (${t.taxTot} = 0 and not ${t.vat_included})`),
    check(
      'trade_document_device_pair',
      sql`(${t.device_id} is null) = (${t.device_counter} is null) and (${t.device_counter} is null or ${t.device_counter} >= 1)`,
    ),
    index('trade_document_list_idx').on(t.store_id, t.kind, t.yearId, t.pay_date),
    index('trade_document_party_idx').on(t.store_id, t.cust_id),
    index('trade_document_original_idx').on(t.original_pay_id).where(sql`${t.original_pay_id} is not null`),
    index('trade_document_shift_idx').on(t.shift_id).where(sql`${t.shift_id} is not null`),
    index('trade_document_vat_idx').on(t.store_id, t.pay_date, t.pay_id).where(sql`${t.taxTot} <> 0`),
    index('trade_document_due_idx')
      .on(t.store_id, t.kind, t.cust_id, t.nextPay)
      .where(sql`${t.nextPay} is not null and ${t.changee} > ${t.allocated} and not ${t.awaiting_lines}`),
    // What is open on each invoice, for aging (migration 0041).
    index('trade_document_open_idx')
      .on(t.store_id, t.cust_id, t.kind)
      .where(sql`${t.changee} > ${t.allocated} and not ${t.awaiting_lines}`),
  ],
);

export const tradeLine = pgTable(
  'trade_line',
  {
    id: serial('id').primaryKey(),
    pay_id: integer('pay_id')
      .notNull()
      .references(() => tradeDocument.pay_id, { onDelete: 'cascade' }),
    store_id: integer('store_id')
      .notNull()
      .references(() => store.id),
    item_id: integer('item_id')
      .notNull()
      .references(() => items.id),
    /** The item's name when the document was saved (a renamed item keeps its old invoices readable). */
    item_name: text('item_name').notNull(),
    quantity: quantityColumn('quantity').notNull(),
    pay_price: moneyColumn('pay_price').notNull(),
    perch_price: moneyColumn('perch_price').notNull(),
    /** quantity × the document's price (selling for sales, purchase for purchases), to the cent. */
    tot: moneyColumn('tot').notNull(),
    /** The item's VAT rate (percent) when the document was saved. */
    tax: numeric('tax', { precision: 5, scale: 2 }).notNull().default('0'),
    /** The line's VAT: on its total less its share of the discount, at `tax`, to the cent (docs/vat.md). */
    vat: moneyColumn('vat').notNull().default('0'),
    /**
     * The line's value at cost, kept when it posted: what a sale line's goods cost (taken out at the moving average,
     * so its gross profit is `tot` less its share of the discount less `cost`), or what a purchase line brought in.
     * Null on lines that move no stock (preliminary invoices, orders) and on a legacy header still awaiting posting.
     */
    cost: numeric('cost', { precision: 20, scale: 2 }),
    /** On a return's line: the unit price on the original invoice (its line price before the discount share). */
    original_price: moneyColumn('original_price'),
  },
  (t) => [index('trade_line_doc_idx').on(t.pay_id), index('trade_line_item_idx').on(t.store_id, t.item_id)],
);

/** The last reference number used per store, year and document kind (row-locked while a document is saved). */
/** The last reference number of each kind in a store. It does not restart with a new year (see `pay_ref`). */
export const documentCounter = pgTable(
  'document_counter',
  {
    store_id: integer('store_id').notNull(),
    kind: text('kind').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.store_id, t.kind] })],
);

/**
 * Journals (issue 18): receipt and payment vouchers and general journal entries. A header and its lines; each line
 * names an account of the store (`ac_id` = `sub_accounts.id`) with its amount on one side. A journal posts its lines
 * to the ledger (`source_kind` 'journal') on its own date when its two sides are equal and non-zero (`posted`); until
 * then (a legacy client between its three calls) it posts nothing. See docs/journals.md.
 */
export const journal = pgTable(
  'journal',
  {
    j_id: serial('j_id').primaryKey(),
    /** Allocated by the server in the save transaction (`SH-J-000012`): unique in its store over all years. */
    j_ref: text('j_ref').notNull(),
    /** The reference a legacy client made up for it (`shJO83145912`): its lines may name the journal by it. */
    client_ref: text('client_ref'),
    store_id: integer('store_id')
      .notNull()
      .references(() => store.id),
    yearId: integer('yearId')
      .notNull()
      .references(() => year.id),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    j_date: date('j_date', { mode: 'string' }).notNull(),
    j_type: text('j_type'),
    /** What the user wrote (`البيان`). */
    j_details: text('j_details'),
    j_desc: text('j_desc'),
    invo_ref: text('invo_ref'),
    standard_details: text('standard_details'),
    /** The debit side's total, kept with the lines (the entry's amount once it balances). */
    j_pay: moneyColumn('j_pay').notNull().default('0'),
    /** The credit side's total, kept with the lines. */
    credit_total: moneyColumn('credit_total').notNull().default('0'),
    /** Whether its lines are in the ledger: its two sides are equal and non-zero. */
    posted: boolean('posted').notNull().default(false),
    /** A voucher (docs/vouchers.md): receipt, payment or expense, of a money account and one other account. */
    voucher_kind: text('voucher_kind', { enum: ['receipt', 'payment', 'expense'] }),
    /** A voucher's cash box or bank. */
    money_account_id: integer('money_account_id').references(() => subAccounts.id),
    /** A voucher's other account: the customer, supplier or expense it pays or is paid by. */
    account_id: integer('account_id').references(() => subAccounts.id),
    idempotency_key: text('idempotency_key'),
    idempotency_hash: text('idempotency_hash'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('journal_ref_uq').on(t.store_id, t.j_ref),
    uniqueIndex('journal_idem_uq').on(t.store_id, t.idempotency_key).where(sql`${t.idempotency_key} is not null`),
    index('journal_client_ref_idx').on(t.store_id, t.client_ref).where(sql`${t.client_ref} is not null`),
    index('journal_list_idx').on(t.store_id, t.yearId, t.j_date),
    index('journal_voucher_idx').on(t.store_id, t.yearId, t.j_date).where(sql`${t.voucher_kind} is not null`),
    check(
      'journal_voucher_kind_check',
      sql`${t.voucher_kind} is null or ${t.voucher_kind} in ('receipt', 'payment', 'expense')`,
    ),
  ],
);

/**
 * What a voucher settles of a customer's or supplier's invoices (docs/vouchers.md): an invoice's remainder is its
 * `changee` less its allocations; a voucher's allocations never pass its amount, nor an invoice's its `changee`.
 */
export const paymentAllocation = pgTable(
  'payment_allocation',
  {
    id: serial('id').primaryKey(),
    store_id: integer('store_id')
      .notNull()
      .references(() => store.id),
    j_id: integer('j_id')
      .notNull()
      .references(() => journal.j_id, { onDelete: 'cascade' }),
    pay_id: integer('pay_id')
      .notNull()
      .references(() => tradeDocument.pay_id, { onDelete: 'cascade' }),
    amount: moneyColumn('amount').notNull(),
  },
  (t) => [
    uniqueIndex('payment_allocation_uq').on(t.j_id, t.pay_id),
    index('payment_allocation_invoice_idx').on(t.pay_id),
    check('payment_allocation_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * A journal's lines: `from` lines (the legacy `jdetails_from`, "من حساب") carry a debit, `to` lines
 * (`jdetails_to`, "الي حساب") a credit; the database refuses any other line.
 */
export const journalLine = pgTable(
  'journal_line',
  {
    id: serial('id').primaryKey(),
    j_id: integer('j_id')
      .notNull()
      .references(() => journal.j_id, { onDelete: 'cascade' }),
    store_id: integer('store_id')
      .notNull()
      .references(() => store.id),
    side: text('side', { enum: ['from', 'to'] }).notNull(),
    /** Its place in the journal: the order it was typed (legacy lines are added after the journal's others). */
    line_no: integer('line_no').notNull(),
    ac_id: integer('ac_id')
      .notNull()
      .references(() => subAccounts.id),
    debit: moneyColumn('debit').notNull().default('0'),
    credit: moneyColumn('credit').notNull().default('0'),
    j_desc: text('j_desc'),
  },
  (t) => [
    index('journal_line_journal_idx').on(t.j_id, t.line_no),
    index('journal_line_account_idx').on(t.store_id, t.ac_id),
    check(
      'journal_line_one_side',
      sql`(${t.side} = 'from' and ${t.debit} > 0 and ${t.credit} = 0) or (${t.side} = 'to' and ${t.credit} > 0 and ${t.debit} = 0)`,
    ),
  ],
);

/**
 * Stock counts (`tswia`, docs/stock-counts.md): a count of some items on a date and time. Its id is drawn from the
 * trade documents' sequence, so a count and an invoice never share an id: their movements are told apart by id in
 * the cost engine's order within a day (documents in the order they were saved) and in its returns' lookups.
 */
export const stockCount = pgTable(
  'stock_count',
  {
    pay_id: integer('pay_id').primaryKey().default(sql`nextval('trade_document_pay_id_seq')`),
    /** Allocated in the save transaction (`SH-T-000001`), on the store's `tswia` counter; never repeats in a store. */
    pay_ref: text('pay_ref').notNull(),
    store_id: integer('store_id')
      .notNull()
      .references(() => store.id),
    yearId: integer('yearId')
      .notNull()
      .references(() => year.id),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Σ lines' `tot`: the differences at purchase price (positive: a shortage). */
    tot_pr: moneyColumn('tot_pr').notNull().default('0'),
    pay_date: date('pay_date', { mode: 'string' }).notNull(),
    pay_time: time('pay_time').notNull(),
    payComment: text('payComment'),
    /** The client's key for this save (a legacy client's own reference is one): a retry answers the first count. */
    idempotency_key: text('idempotency_key'),
    idempotency_hash: text('idempotency_hash'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stock_count_ref_uq').on(t.store_id, t.pay_ref),
    uniqueIndex('stock_count_idem_uq').on(t.store_id, t.idempotency_key).where(sql`${t.idempotency_key} is not null`),
    index('stock_count_list_idx').on(t.store_id, t.yearId, t.pay_date),
  ],
);

/**
 * A counted item: the system quantity at the count's date and time (`availQty`, the server's), the counted one
 * (`qtyReal`) and their difference (`quantity` = availQty − qtyReal, positive a shortage). Its movement is
 * `stock_movement` (source `tswia`, the count's id, `line_no`), whose value is what the difference cost.
 */
export const stockCountLine = pgTable(
  'stock_count_line',
  {
    id: serial('id').primaryKey(),
    pay_id: integer('pay_id')
      .notNull()
      .references(() => stockCount.pay_id, { onDelete: 'cascade' }),
    store_id: integer('store_id')
      .notNull()
      .references(() => store.id),
    line_no: integer('line_no').notNull(),
    item_id: integer('item_id')
      .notNull()
      .references(() => items.id),
    item_name: text('item_name').notNull(),
    availQty: quantityColumn('availQty').notNull(),
    qtyReal: quantityColumn('qtyReal').notNull(),
    quantity: quantityColumn('quantity').notNull(),
    pay_price: moneyColumn('pay_price').notNull(),
    perch_price: moneyColumn('perch_price').notNull(),
    tot: moneyColumn('tot').notNull(),
  },
  (t) => [
    index('stock_count_line_doc_idx').on(t.pay_id, t.line_no),
    index('stock_count_line_item_idx').on(t.store_id, t.item_id),
  ],
);

/**
 * A stock transfer between two stores of the company (docs/transfers.md, migration 0045): its lines leave the sending
 * store at its moving average on the transfer's date (source `transfer`) into the goods-in-transit account.
 */
export const stockTransfer = pgTable(
  'stock_transfer',
  {
    pay_id: integer('pay_id').primaryKey().default(sql`nextval('trade_document_pay_id_seq')`),
    /** On the sending store's `transfer` counter (`SH-TF-000001`). */
    pay_ref: text('pay_ref').notNull(),
    from_store_id: integer('from_store_id')
      .notNull()
      .references(() => store.id),
    to_store_id: integer('to_store_id')
      .notNull()
      .references(() => store.id),
    yearId: integer('yearId')
      .notNull()
      .references(() => year.id),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    transfer_date: date('transfer_date', { mode: 'string' }).notNull(),
    transfer_time: time('transfer_time').notNull(),
    note: text('note'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stock_transfer_ref_uq').on(t.from_store_id, t.pay_ref),
    index('stock_transfer_from_idx').on(t.from_store_id, t.transfer_date),
    index('stock_transfer_to_idx').on(t.to_store_id, t.transfer_date),
  ],
);

/** A transferred item: the same catalogue item's row in each store, what was sent, and what came of it (kept). */
export const stockTransferLine = pgTable(
  'stock_transfer_line',
  {
    id: serial('id').primaryKey(),
    transfer_id: integer('transfer_id')
      .notNull()
      .references(() => stockTransfer.pay_id, { onDelete: 'cascade' }),
    line_no: integer('line_no').notNull(),
    from_item_id: integer('from_item_id')
      .notNull()
      .references(() => items.id),
    to_item_id: integer('to_item_id')
      .notNull()
      .references(() => items.id),
    item_name: text('item_name').notNull(),
    quantity: quantityColumn('quantity').notNull(),
    /** The sums of its receipts' lines (received; sent back into the sender), kept by the receipts' saves. */
    received: quantityColumn('received').notNull().default('0'),
    sent_back: quantityColumn('sent_back').notNull().default('0'),
  },
  (t) => [uniqueIndex('stock_transfer_line_no_uq').on(t.transfer_id, t.line_no)],
);

/** A receipt of a transfer's goods, in its receiving store, or sent back into its sending store. */
export const transferReceipt = pgTable(
  'transfer_receipt',
  {
    pay_id: integer('pay_id').primaryKey().default(sql`nextval('trade_document_pay_id_seq')`),
    /** On the counter of the store the goods came into (`OM-TR-000001`). */
    pay_ref: text('pay_ref').notNull(),
    transfer_id: integer('transfer_id')
      .notNull()
      .references(() => stockTransfer.pay_id),
    store_id: integer('store_id')
      .notNull()
      .references(() => store.id),
    sent_back: boolean('sent_back').notNull().default(false),
    yearId: integer('yearId')
      .notNull()
      .references(() => year.id),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    receipt_date: date('receipt_date', { mode: 'string' }).notNull(),
    receipt_time: time('receipt_time').notNull(),
    note: text('note'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('transfer_receipt_ref_uq').on(t.store_id, t.pay_ref),
    index('transfer_receipt_transfer_idx').on(t.transfer_id),
  ],
);

export const transferReceiptLine = pgTable(
  'transfer_receipt_line',
  {
    id: serial('id').primaryKey(),
    receipt_id: integer('receipt_id')
      .notNull()
      .references(() => transferReceipt.pay_id, { onDelete: 'cascade' }),
    line_no: integer('line_no').notNull(),
    transfer_line_id: integer('transfer_line_id')
      .notNull()
      .references(() => stockTransferLine.id),
    /** The row of the store the goods came into. */
    item_id: integer('item_id')
      .notNull()
      .references(() => items.id),
    quantity: quantityColumn('quantity').notNull(),
  },
  (t) => [
    uniqueIndex('transfer_receipt_line_no_uq').on(t.receipt_id, t.line_no),
    index('transfer_receipt_line_of_idx').on(t.transfer_line_id),
  ],
);

/**
 * Journal templates (`j_type`): a name, a description and a default amount, with the accounts its debit rows
 * ("من حساب") and credit rows ("الي حساب") start with (`j_type_details`, `type_ac` debit or credit).
 */
export const jType = pgTable(
  'j_type',
  {
    id: serial('id').primaryKey(),
    store_id: integer('store_id')
      .notNull()
      .references(() => store.id),
    type_name: text('type_name').notNull(),
    type_desc: text('type_desc'),
    default_val: moneyColumn('default_val').notNull().default('0'),
    default_details: text('default_details'),
    from_count: integer('from_count').notNull().default(1),
    to_count: integer('to_count').notNull().default(1),
  },
  (t) => [uniqueIndex('j_type_store_name_uq').on(t.store_id, t.type_name)],
);

export const jTypeDetails = pgTable(
  'j_type_details',
  {
    id: serial('id').primaryKey(),
    jType_id: integer('jType_id')
      .notNull()
      .references(() => jType.id, { onDelete: 'cascade' }),
    store_id: integer('store_id')
      .notNull()
      .references(() => store.id),
    ac_id: integer('ac_id')
      .notNull()
      .references(() => subAccounts.id, { onDelete: 'cascade' }),
    type_ac: text('type_ac', { enum: ['debit', 'credit'] }).notNull(),
  },
  (t) => [index('j_type_details_store_idx').on(t.store_id, t.jType_id)],
);

/** A till's shift (docs/shifts.md, migration 0040): opened with a counted float, closed with the cash counted. */
export const tillShift = pgTable(
  'till_shift',
  {
    id: serial('id').primaryKey(),
    store_id: integer('store_id')
      .notNull()
      .references(() => store.id),
    till: text('till').notNull(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    shift_ref: text('shift_ref').notNull(),
    opening_float: moneyColumn('opening_float').notNull(),
    opening_denominations: jsonb('opening_denominations').$type<{ value: string; count: number }[]>(),
    closing_denominations: jsonb('closing_denominations').$type<{ value: string; count: number }[]>(),
    /** The cash box its drawer's cash is kept in (the store's). */
    money_account_id: integer('money_account_id')
      .notNull()
      .references(() => subAccounts.id),
    opened_at: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    opened_date: date('opened_date', { mode: 'string' }).notNull(),
    closed_at: timestamp('closed_at', { withTimezone: true }),
    closed_date: date('closed_date', { mode: 'string' }),
    closed_by: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closed_yearId: integer('closed_yearId').references(() => year.id),
    counted_cash: moneyColumn('counted_cash'),
    /** What the books expected when the cash was counted (an offline sale of the shift synced later adds to it). */
    expected_at_close: moneyColumn('expected_at_close'),
    difference: moneyColumn('difference'),
  },
  (t) => [
    uniqueIndex('till_shift_one_open_uq').on(t.store_id, t.till).where(sql`${t.closed_at} is null`),
    uniqueIndex('till_shift_ref_uq').on(t.store_id, t.shift_ref),
    index('till_shift_list_idx').on(t.store_id, t.opened_at),
  ],
);

/** Money paid into or out of a shift's drawer, each with its reason, posted on its day to its account. */
export const shiftCashMove = pgTable(
  'shift_cash_move',
  {
    id: serial('id').primaryKey(),
    shift_id: integer('shift_id')
      .notNull()
      .references(() => tillShift.id),
    store_id: integer('store_id')
      .notNull()
      .references(() => store.id),
    yearId: integer('yearId')
      .notNull()
      .references(() => year.id),
    kind: text('kind', { enum: ['in', 'out'] }).notNull(),
    amount: moneyColumn('amount').notNull(),
    reason: text('reason').notNull(),
    account_id: integer('account_id')
      .notNull()
      .references(() => subAccounts.id),
    move_date: date('move_date', { mode: 'string' }).notNull(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shift_cash_move_shift_idx').on(t.shift_id)],
);
