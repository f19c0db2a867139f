import { z } from 'zod';
import { MoneyString } from './amounts.ts';
import { OptionalDate } from './dates.ts';
import { PageQuery, QueryFlag, sortFields } from './envelope.ts';
import { PARTY_SEARCH_MOST } from './partySearch.ts';
import { Id, StoreYearQuery } from './scope.ts';
import { jsonArrayOf, optionalCode, optionalText, Text } from './text.ts';

const emptyToUndefined = (value: unknown) => (value === '' || value === 'all' ? undefined : value);

export const AccountNature = z.enum(['debit', 'credit']);
export type AccountNature = z.infer<typeof AccountNature>;

/** Class ids of the shared chart that legacy clients use: `ac_id` 1 customers, 2 suppliers, 3 expenses. */
// Kept with the zod-free constants (the web's first load reads the sides without the schema library).
export { CUSTOMERS_CLASS, SUPPLIERS_CLASS } from './constants.ts';
export const EXPENSES_CLASS = 3;
/** Cash boxes and banks: any account of this class is a money account a payment may go to or come from. */
export const MONEY_CLASS = 4;
/** Account categories whose accounts keep a phone and an address. */
export const PARTY_CATEGORIES = [1, 2] as const;

/**
 * What an account is, for statements and reports: assets, liabilities and equity stand on the balance sheet and
 * carry into the next year; income, cost of sales and expenses stand on profit and loss (docs/vouchers.md#accounts).
 */
export const accountTypes = ['asset', 'liability', 'equity', 'income', 'cost_of_sales', 'expense'] as const;
export const AccountType = z.enum(accountTypes);
export type AccountType = z.infer<typeof AccountType>;
export const accountTypeLabelsAr: Record<AccountType, string> = {
  asset: 'أصول',
  liability: 'خصوم',
  equity: 'حقوق الملكية',
  income: 'إيرادات',
  cost_of_sales: 'تكلفة المبيعات',
  expense: 'مصروفات',
};
/** The statement an account of this type stands on; it must be its class's (`accounts.statement`). */
export const statementOfType = (type: AccountType): 'balance_sheet' | 'profit_loss' =>
  type === 'income' || type === 'cost_of_sales' || type === 'expense' ? 'profit_loss' : 'balance_sheet';

/**
 * An account's type when none is chosen: from its role (purchases, cost of sales and stock differences are cost of
 * sales, the discount allowed an expense), else its class (1 customers and 4 cash are assets, 2 suppliers
 * liabilities, 3 expenses, 5 income, 6 cost of sales, 7 equity, 8 an asset or, of credit nature, a liability).
 * Migration 0020 gave existing accounts their type by the same rule.
 */
export function defaultAccountType(acId: number, nature: AccountNature, role?: string | null): AccountType {
  if (role === 'purchases' || role === 'cost_of_sales' || role === 'stock_adjustment') return 'cost_of_sales';
  if (role === 'discount_allowed') return 'expense';
  const byClass: Record<number, AccountType> = {
    2: 'liability',
    3: 'expense',
    5: 'income',
    6: 'cost_of_sales',
    7: 'equity',
  };
  if (acId === 8 && nature === 'credit') return 'liability';
  return byClass[acId] ?? 'asset';
}

export const MainAccount = z.object({
  ac_id: z.number().int(),
  ac_name: z.string(),
  eng_name: z.string(),
  ac_code: z.string(),
  ac_type: AccountNature,
  /** The statement its accounts stand on: their type must be one of its (`statementOfType`). */
  statement: z.enum(['balance_sheet', 'profit_loss']),
});
export type MainAccount = z.infer<typeof MainAccount>;

export const AccountCategory = z.object({ id: z.number().int(), cat_name: z.string() });
export type AccountCategory = z.infer<typeof AccountCategory>;

export const SubAccount = z.object({
  id: z.number().int(),
  store_id: z.number().int(),
  ac_id: z.number().int(),
  ac_name: z.string(),
  sub_name: z.string(),
  sub_code: z.string().nullable(),
  /** The account's nature, from its main account. */
  sub_type: AccountNature,
  /** Opening balance: positive on the natural side, negative on the other. */
  sub_balance: z.string(),
  /**
   * The day the opening balance is posted on (docs/accounting-years.md): the day the account was taken on. It counts
   * in every report from that day on, never before it. Null when the opening balance is 0.
   */
  opening_date: z.string().nullable(),
  cat_id: z.number().int().nullable(),
  cat_name: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  /** Set on the system accounts that posting needs (cash box, bank, sales, purchases); they cannot be deleted. */
  role: z.string().nullable(),
  /** Opening balance plus the posted ledger lines of the year, by the account's nature; always ≥ 0. */
  current_balance: z.string(),
  /** The side the current balance is on; null when it is zero. */
  balance_type: AccountNature.nullable(),
  account_type: AccountType,
  /** The account it is grouped under (same store and type); null at the top of its class. */
  parent_id: z.number().int().nullable(),
  /** The price list a customer buys at (docs/price-lists.md); null: the items' own prices. */
  price_list_id: z.number().int().nullable(),
});
export type SubAccount = z.infer<typeof SubAccount>;

/**
 * The seed's sub-account fields (domain.md 4, seed.md 4), figures of the one ledger over the year read and those
 * it carries: `changeeTot` what the account's sales left owing (their ledger lines on it, debit less credit),
 * `purchChangeeTot` what its purchases left owed to it (credit less debit), `fromDebitTot` and `toCreditTot` every
 * other debit and credit (vouchers, journals, returns, the opening balance on its side). So the seed's rule
 * (`seedBalance`) on them gives the ledger balance: `sub_balance_now` and `currentCustumerStatus`.
 */
export const SeedBalanceFields = z.object({
  changeeTot: z.string(),
  fromDebitTot: z.string(),
  purchChangeeTot: z.string(),
  toCreditTot: z.string(),
  /** The earliest next-payment date of the account's invoices still open (remainder > 0), or null. */
  next_pay: z.string().nullable(),
  /** The seed's balance: |debit − credit| to 2 decimals, '0.00' when equal. */
  sub_balance_now: z.string(),
  currentCustumerStatus: AccountNature.nullable(),
});
export type SeedBalanceFields = z.infer<typeof SeedBalanceFields>;
export const SubAccountWithSeed = SubAccount.extend(SeedBalanceFields.shape);

/**
 * A customer or supplier as the invoice screens' party picker lists them: what it is found and shown by, without its
 * balance (the chosen one's is read alone). The large store has 10,534; their balances took 2 s to work out.
 */
export const PartyName = SubAccount.pick({ id: true, sub_name: true, sub_code: true, ac_id: true });
export type PartyName = z.infer<typeof PartyName>;

/**
 * The party picker's read. Without `search`, every customer and supplier of the store (legacy clients, and the list
 * the device keeps for selling offline). With it, those whose name holds the term or whose code starts with it
 * (letter variants and digits folded: `foldArabic`), best first, at most `limit` (20 unless asked, at most 100).
 * `side` keeps customers or suppliers only.
 */
export const PartyNamesQuery = StoreYearQuery.partial().extend({
  search: z.preprocess((value) => (value === '' ? undefined : value), Text().trim().max(100).optional()),
  side: z.preprocess(emptyToUndefined, z.enum(['customer', 'supplier']).optional()),
  limit: z.coerce.number().int().min(1).max(PARTY_SEARCH_MOST).optional(),
});
export type PartyNamesQuery = z.output<typeof PartyNamesQuery>;
export type SubAccountWithSeed = z.infer<typeof SubAccountWithSeed>;

export const SubAccountInput = z.object({
  ac_id: Id,
  sub_name: Text().trim().min(1).max(150),
  sub_code: optionalCode(50),
  sub_balance: MoneyString.default('0'),
  /**
   * The day of the opening balance: left out (legacy clients), an account keeps the day its opening has, and a new
   * one (or one without an opening until now) takes the day it is typed (the server's local day). It must lie in a
   * year of the book, and that year, like the year of the day it had, must be open.
   */
  opening_date: OptionalDate.optional(),
  cat_id: Id.nullish().transform((value) => value ?? null),
  /** Found by the account search, so kept in Western digits like a code. */
  phone: optionalCode(30).refine((value) => value === null || /^[+\d][\d\s-]{5,29}$/.test(value), {
    message: 'PHONE_INVALID',
  }),
  address: optionalText(300),
  store_id: Id.optional(),
  /** Chosen on the account form; left out (legacy clients): given by the class (`defaultAccountType`). */
  account_type: AccountType.optional(),
  /**
   * The account it is grouped under: one of the store's, of the same type, never itself or one under it. null: at
   * the top; left out (legacy clients): kept as it is.
   */
  parent_id: Id.nullish(),
  /**
   * The price list a customer buys at (docs/price-lists.md): the company's or the store's. null: none (the items' own
   * prices); left out (legacy clients): kept as it is. Kept for customers and suppliers only, as the phone is.
   */
  price_list_id: Id.nullish(),
});
export type SubAccountInput = z.input<typeof SubAccountInput>;
export type SubAccountValues = z.output<typeof SubAccountInput>;

export const UpdateSubAccountBody = SubAccountInput.extend({ id: Id });
export type UpdateSubAccountBody = z.output<typeof UpdateSubAccountBody>;
export const CreateSubAccountsBody = jsonArrayOf(SubAccountInput);

/** Filters of account management; empty values and 'all' mean "no filter". */
export const subAccountSortKeys = ['sub_code', 'sub_name', 'ac_name', 'cat_name', 'phone', 'balance'] as const;
/**
 * The accounts a picker takes (`only` of the accounts list): `money` the cash boxes and banks (a voucher's money
 * account), `expense` the expense accounts (an expense voucher's account), `counterpart` what a receipt or payment
 * voucher names (any account but the money accounts and the stock).
 */
export const AccountPickerKind = z.enum(['money', 'expense', 'counterpart']);
export type AccountPickerKind = z.infer<typeof AccountPickerKind>;

/**
 * The accounts list with balances, paged (`readWithBalance`). `search` finds the accounts whose name or code holds
 * the term or whose phone does, letters and digits folded alike (`foldArabic`: "احمد" finds أحمد, "١٢" code 12);
 * unless a `sort` is asked, the exact code comes first, then the names starting with the term, then the rest, by
 * name. `only` keeps one kind of account (`AccountPickerKind`).
 */
export const SubAccountListQuery = PageQuery.extend({
  ...sortFields(subAccountSortKeys),
  store_id: Id.optional(),
  yearId: Id.optional(),
  year_id: Id.optional(),
  ac_id: z.preprocess(emptyToUndefined, Id.optional()),
  search: Text().trim().max(100).optional(),
  cat_id: z.preprocess(emptyToUndefined, Id.optional()),
  cat_name: z.preprocess(emptyToUndefined, Text().trim().max(100).optional()),
  balance_type: z.preprocess(emptyToUndefined, AccountNature.optional()),
  sub_type: z.preprocess(emptyToUndefined, AccountNature.optional()),
  has_balance: QueryFlag,
  only: z.preprocess(emptyToUndefined, AccountPickerKind.optional()),
});
export type SubAccountListQuery = z.output<typeof SubAccountListQuery>;

export const AccountUsage = z.object({
  account_id: z.number().int(),
  in_use: z.boolean(),
  ledger_lines: z.number().int(),
  /** Documents naming the account as their party, including those that post nothing (preliminary invoices, orders). */
  documents: z.number().int(),
  is_system: z.boolean(),
  /** Accounts grouped under it: a parent is kept while it has any. */
  children: z.number().int(),
});

/** One account's balance in the request's year. */
export const AccountQuery = StoreYearQuery.partial().extend({ account_id: Id });
