import { z } from 'zod';

export const Store = z.object({
  id: z.number().int(),
  store_ref: z.string(),
  store_name: z.string(),
  location: z.string().nullable(),
});
export type Store = z.infer<typeof Store>;

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
  currency_code: z.string(),
  currency_symbol: z.string(),
  currency_decimals: z.number().int(),
});
export type Company = z.infer<typeof Company>;

/** An accounting year. Dates are ISO `YYYY-MM-DD`. */
export const Year = z.object({
  id: z.number().int(),
  yearDesc: z.string(),
  yearStart: z.string(),
  yearEnd: z.string(),
  is_current: z.boolean(),
});
export type Year = z.infer<typeof Year>;
