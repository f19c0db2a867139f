import { z } from 'zod';

/** Optional free text: trimmed; empty becomes null, so "no brand" is stored one way only. */
export const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

/** Legacy clients send some arrays as a JSON string (`createMulti`): accept both. */
export const jsonArrayOf = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }, z.array(item).min(1).max(1000));
