import { z } from 'zod';
import { Percent } from './amounts.ts';
import { toWesternDigits } from './digits.ts';
import { StoreEanPrefix } from './labels.ts';
import { ScaleBarcodeLayout } from './scaleBarcode.ts';
import { Id, numberText } from './scope.ts';
import { optionalCode, optionalText, Text } from './text.ts';

export const Store = z.object({
  id: z.number().int(),
  store_ref: z.string(),
  store_name: z.string(),
  location: z.string().nullable(),
  /** Whether a sale (or any operation) may take an item below zero; off by default. */
  allow_negative_stock: z.boolean(),
  /** How the store's scales print their labels (`ScaleBarcodeLayout`: code digits, weight or price, decimals). */
  scale_code_digits: ScaleBarcodeLayout.shape.codeDigits,
  scale_value: ScaleBarcodeLayout.shape.value,
  scale_decimals: ScaleBarcodeLayout.shape.decimals,
  /** A sale at a till needs the till's shift open (docs/shifts.md); off by default. */
  shifts_required: z.boolean(),
  /** The prefix of the store's own EAN-13s, given to items without a barcode (`StoreEanPrefix`; docs/labels.md). */
  ean_prefix: z.string(),
});
export type Store = z.infer<typeof Store>;

/** The store's scale label layout, as `parseScaleBarcode` reads it. */
export const scaleLayoutOf = (store: Pick<Store, 'scale_code_digits' | 'scale_value' | 'scale_decimals'>) => ({
  codeDigits: store.scale_code_digits,
  value: store.scale_value,
  decimals: store.scale_decimals,
});

/** A store as the sign-in page sees it, before anyone is signed in: its name only. */
export const StoreName = Store.pick({ id: true, store_name: true });
export type StoreName = z.infer<typeof StoreName>;

export const Company = z.object({
  id: z.number().int(),
  arName: z.string(),
  engName: z.string(),
  phone: z.string().nullable(),
  phone2: z.string().nullable(),
  address: z.string().nullable(),
  logoUrl: z.string().nullable(),
  tradNo: z.string().nullable(),
  vatNo: z.string().nullable(),
  country_code: z.string(),
  currency_code: z.string(),
  currency_symbol: z.string(),
  currency_decimals: z.number().int(),
  /** Registered for VAT: invoices charge VAT at each item's rate and print the tax QR (docs/vat.md). */
  vat_registered: z.boolean(),
  /** Whether the selling prices include VAT (purchase prices never do). */
  prices_include_vat: z.boolean(),
  /** The standard VAT rate (percent, "15.00"): what a new value-only invoice charges unless another is typed. */
  vat_rate: z.string(),
});
export type Company = z.infer<typeof Company>;

/**
 * The most UTF-8 bytes a tax QR's tag holds (its length is one byte): the seller's name (the company's Arabic name)
 * must fit it when the company is VAT-registered. An Arabic letter takes 2 bytes, so about 127 letters.
 */
export const TAX_QR_TAG_MAX_BYTES = 255;
export const utf8Length = (text: string) => new TextEncoder().encode(text).length;

/** An accounting year. Dates are ISO `YYYY-MM-DD`. */
export const Year = z.object({
  id: z.number().int(),
  yearDesc: z.string(),
  yearStart: z.string(),
  yearEnd: z.string(),
  is_current: z.boolean(),
  /** Whether the session's store has closed it (`year/close`): nothing dated in it is saved, edited or deleted. */
  closed: z.boolean(),
});
export type Year = z.infer<typeof Year>;

/** The year to close or reopen. */
export const YearLockBody = z.object({ yearId: Id });
export type YearLockBody = z.output<typeof YearLockBody>;

/** Company details an administrator edits. The VAT number has 15 digits in Saudi Arabia (ZATCA). */
export const CompanyUpdateBody = z
  .object({
    arName: Text().trim().min(1).max(200),
    engName: Text().trim().min(1).max(200),
    // Numbers typed on an Arabic keyboard are kept in Western digits: the VAT number goes into the tax QR, which
    // ZATCA reads as Western digits, and is checked as 15 digits below.
    phone: optionalCode(30),
    phone2: optionalCode(30),
    address: optionalText(300),
    tradNo: optionalCode(50),
    vatNo: optionalCode(30),
    country_code: z
      .string()
      .trim()
      .regex(/^[A-Z]{2}$/, 'COUNTRY_CODE_FORMAT'),
    currency_code: z
      .string()
      .trim()
      .regex(/^[A-Z]{3}$/, 'CURRENCY_CODE_FORMAT'),
    currency_symbol: Text().trim().min(1).max(10),
    currency_decimals: z.preprocess(
      (value) => (typeof value === 'string' ? numberText(value) : value),
      z.number({ error: 'NOT_A_NUMBER' }).int().min(0).max(3),
    ),
    /** Absent (an older client): the setting stays as it is. */
    vat_registered: z.boolean().optional(),
    prices_include_vat: z.boolean().optional(),
    vat_rate: Percent.optional(),
  })
  .superRefine((company, ctx) => {
    if (company.vat_registered && !company.vatNo) {
      ctx.addIssue({ code: 'custom', path: ['vatNo'], message: 'VAT_NO_REQUIRED' });
    }
    if (company.vat_registered && utf8Length(company.arName) > TAX_QR_TAG_MAX_BYTES) {
      ctx.addIssue({ code: 'custom', path: ['arName'], message: 'SELLER_NAME_TOO_LONG' });
    }
    if (company.country_code === 'SA' && !(company.vatNo && /^\d{15}$/.test(company.vatNo))) {
      ctx.addIssue({ code: 'custom', path: ['vatNo'], message: 'VAT_NO_SAUDI' });
    }
  });
export type CompanyUpdateBody = z.output<typeof CompanyUpdateBody>;

export const StoreUpdateBody = z.object({
  id: Id,
  store_name: Text().trim().min(1).max(150),
  location: optionalText(200),
  /** Absent (a legacy client): the setting stays as it is. */
  allow_negative_stock: z.boolean().optional(),
  /** Absent (a legacy client): the scale label layout stays as it is. */
  scale_code_digits: z.coerce.number().pipe(ScaleBarcodeLayout.shape.codeDigits).optional(),
  scale_value: ScaleBarcodeLayout.shape.value.optional(),
  scale_decimals: z.coerce.number().pipe(ScaleBarcodeLayout.shape.decimals).optional(),
  /** Absent (a legacy client): stays as it is. */
  shifts_required: z.boolean().optional(),
  /** Absent (a legacy client): stays as it is. Digits typed on an Arabic keyboard are made Western. */
  ean_prefix: z.string().trim().transform(toWesternDigits).pipe(StoreEanPrefix).optional(),
});

export const StoreUser = z.object({
  id: z.number().int(),
  user_name: z.string(),
  full_name: z.string(),
  is_admin: z.boolean(),
  is_active: z.boolean(),
  /** The user's role in the current store (permissions.ts). */
  role_id: z.number().int(),
});
export type StoreUser = z.infer<typeof StoreUser>;

export const MIN_PASSWORD_LENGTH = 8;
const Password = Text().min(MIN_PASSWORD_LENGTH, 'PASSWORD_TOO_SHORT').max(200);

export const CreateUserBody = z.object({
  user_name: z
    .string()
    .trim()
    .regex(/^[\p{L}\p{N}._-]{2,64}$/u, 'USER_NAME_FORMAT'),
  full_name: Text().trim().min(1).max(150),
  password: Password,
  is_admin: z.boolean().default(false),
  /** The role in the new user's store; an administrator's is the administrator role, anyone else's the cashier's. */
  role_id: Id.optional(),
  store_id: Id.optional(),
});
export type CreateUserBody = z.input<typeof CreateUserBody>;

export const ResetPasswordBody = z.object({ id: Id, password: Password });
export const SetUserActiveBody = z.object({ id: Id, is_active: z.boolean() });
