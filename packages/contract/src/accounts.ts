import { z } from 'zod';
import { MoneyString } from './amounts.ts';
import { PageQuery, QueryFlag, sortFields } from './envelope.ts';
import { Id, StoreYearQuery } from './scope.ts';
import { jsonArrayOf, optionalText, Text } from './text.ts';

export const AccountNature = z.enum(['debit', 'credit']);
export type AccountNature = z.infer<typeof AccountNature>;

/** Class ids of the shared chart that legacy clients use: `ac_id` 1 customers, 2 suppliers, 3 expenses. */
export const CUSTOMERS_CLASS = 1;
export const SUPPLIERS_CLASS = 2;
export const EXPENSES_CLASS = 3;
/** Account categories whose accounts keep a phone and an address. */
export const PARTY_CATEGORIES = [1, 2] as const;

export const MainAccount = z.object({
  ac_id: z.number().int(),
  ac_name: z.string(),
  eng_name: z.string(),
  ac_code: z.string(),
  ac_type: AccountNature,
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
});
export type SubAccount = z.infer<typeof SubAccount>;

export const SubAccountInput = z.object({
  ac_id: Id,
  sub_name: Text().trim().min(1).max(150),
  sub_code: optionalText(50),
  sub_balance: MoneyString.default('0'),
  cat_id: Id.nullish().transform((value) => value ?? null),
  phone: optionalText(30).refine((value) => value === null || /^[+\d][\d\s-]{5,29}$/.test(value), {
    message: 'PHONE_INVALID',
  }),
  address: optionalText(300),
  store_id: Id.optional(),
});
export type SubAccountInput = z.input<typeof SubAccountInput>;
export type SubAccountValues = z.output<typeof SubAccountInput>;

export const UpdateSubAccountBody = SubAccountInput.extend({ id: Id });
export type UpdateSubAccountBody = z.output<typeof UpdateSubAccountBody>;
export const CreateSubAccountsBody = jsonArrayOf(SubAccountInput);

const emptyToUndefined = (value: unknown) => (value === '' || value === 'all' ? undefined : value);

/** Filters of account management; empty values and 'all' mean "no filter". */
export const subAccountSortKeys = ['sub_code', 'sub_name', 'ac_name', 'cat_name', 'phone', 'balance'] as const;
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
});
export type SubAccountListQuery = z.output<typeof SubAccountListQuery>;

export const AccountUsage = z.object({
  account_id: z.number().int(),
  in_use: z.boolean(),
  ledger_lines: z.number().int(),
  /** Documents naming the account as their party, including those that post nothing (preliminary invoices, orders). */
  documents: z.number().int(),
  is_system: z.boolean(),
});

/** One account's balance in the request's year. */
export const AccountQuery = StoreYearQuery.partial().extend({ account_id: Id });
