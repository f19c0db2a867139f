import { z } from 'zod';
import { Id } from './scope.ts';
import { optionalText, Text } from './text.ts';

export const ItemCategory = z.object({
  id: z.number().int(),
  store_id: z.number().int(),
  category_name: z.string(),
  category_desc: z.string().nullable(),
  created_at: z.string(),
  /** How many items use it; a category in use cannot be deleted. */
  items_count: z.number().int(),
});
export type ItemCategory = z.infer<typeof ItemCategory>;

export const CategoryInput = z.object({
  category_name: Text().trim().min(1).max(100),
  category_desc: optionalText(500),
  /** Optional: the session's store is used; another store's id is refused. */
  store_id: Id.optional(),
});
export type CategoryInput = z.infer<typeof CategoryInput>;

export const UpdateCategoryBody = CategoryInput.extend({ id: Id });
export type UpdateCategoryBody = z.infer<typeof UpdateCategoryBody>;

export const IdBody = z.object({ id: Id });
export const IdQuery = z.object({ id: Id });
