/**
 * The database schema. Column names are the wire names of the legacy API (`store_ref`, `arName`, `yearDesc`, ...)
 * so rows travel to clients without a mapping layer. Every store-owned table carries `store_id`.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

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
});

export const store = pgTable('store', {
  id: serial('id').primaryKey(),
  /** Short prefix of every reference printed for this store, e.g. `sh`. */
  store_ref: text('store_ref').notNull().unique(),
  store_name: text('store_name').notNull(),
  location: text('location'),
});

export const year = pgTable('year', {
  id: serial('id').primaryKey(),
  yearDesc: text('yearDesc').notNull(),
  yearStart: date('yearStart', { mode: 'string' }).notNull(),
  yearEnd: date('yearEnd', { mode: 'string' }).notNull(),
  is_current: boolean('is_current').notNull().default(false),
});

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  user_name: text('user_name').notNull().unique(),
  full_name: text('full_name').notNull(),
  /** scrypt hash with its salt and cost (see lib/password.ts). The password itself is never stored. */
  password_hash: text('password_hash').notNull(),
  level: text('level').notNull().default('user'),
  is_admin: boolean('is_admin').notNull().default(false),
  is_active: boolean('is_active').notNull().default(true),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which stores a user may sign in to. */
export const userStore = pgTable(
  'user_store',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    store_id: integer('store_id')
      .notNull()
      .references(() => store.id, { onDelete: 'cascade' }),
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

/** Failed sign-ins, counted per address over the last minute to slow down password guessing. */
export const loginFailure = pgTable(
  'login_failure',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ip: text('ip').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failure_ip_at_idx').on(t.ip, t.at)],
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
