import { type CategoryInput, fail, type ItemCategory, ok, type Result, type SessionUser } from '@mizan/contract';
import type { Db } from '../../db/client.ts';
import { violatedUniqueIndex } from '../../lib/dbErrors.ts';
import { writeLog } from '../logHistory/logHistory.queries.ts';
import {
  countItemsInCategory,
  deleteCategory,
  findCategory,
  insertCategory,
  updateCategory,
} from './categories.queries.ts';

type Saved = Result<ItemCategory>;

async function saveCategory(db: Db, user: SessionUser, input: CategoryInput, id?: number): Promise<Saved> {
  const values = { category_name: input.category_name, category_desc: input.category_desc };
  try {
    return await db.transaction(async (tx) => {
      const [saved] = id
        ? await updateCategory(tx, user.store_id, id, values)
        : await insertCategory(tx, { ...values, store_id: user.store_id });
      if (!saved) return fail('NOT_FOUND');
      await writeLog(tx, {
        store_id: user.store_id,
        user_id: user.id,
        typee: id ? 'update category' : 'insert category',
        logToken: { id: saved.id, ...values },
      });
      const [category] = await findCategory(tx, user.store_id, saved.id);
      return category ? ok(category) : fail('NOT_FOUND');
    });
  } catch (error) {
    if (violatedUniqueIndex(error) !== undefined)
      return fail('CATEGORY_NAME_TAKEN', { category_name: 'CATEGORY_NAME_TAKEN' });
    throw error;
  }
}

export const createCategory = (db: Db, user: SessionUser, input: CategoryInput) => saveCategory(db, user, input);
export const editCategory = (db: Db, user: SessionUser, id: number, input: CategoryInput) =>
  saveCategory(db, user, input, id);

/** A category that items use is kept: deleting it would silently unclassify them. */
export function removeCategory(db: Db, user: SessionUser, id: number): Promise<Result<{ id: number }>> {
  return db.transaction(async (tx) => {
    const [category] = await findCategory(tx, user.store_id, id);
    if (!category) return fail('NOT_FOUND');
    if ((await countItemsInCategory(tx, id)) > 0) return fail('CATEGORY_IN_USE');
    await deleteCategory(tx, user.store_id, id);
    await writeLog(tx, {
      store_id: user.store_id,
      user_id: user.id,
      typee: 'delete category',
      logToken: { id, category_name: category.category_name },
    });
    return ok({ id });
  });
}
