import { and, asc, count, eq, getTableColumns, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { itemCategories, items } from '../../db/schema.ts';

const categoryColumns = {
  ...getTableColumns(itemCategories),
  created_at: sql<string>`to_char(${itemCategories.created_at}, 'YYYY-MM-DD')`,
  // Written out with table names: drizzle leaves columns unqualified in one-table selects, which a correlated
  // subquery would resolve against its own table.
  items_count: sql<number>`(select count(*)::int from "items" i where i."category_id" = "item_categories"."id")`,
};

export const listCategories = (db: DbOrTx, storeId: number) =>
  db
    .select(categoryColumns)
    .from(itemCategories)
    .where(eq(itemCategories.store_id, storeId))
    .orderBy(asc(itemCategories.category_name));

export const findCategory = (db: DbOrTx, storeId: number, id: number) =>
  db
    .select(categoryColumns)
    .from(itemCategories)
    .where(and(eq(itemCategories.store_id, storeId), eq(itemCategories.id, id)));

export const insertCategory = (db: DbOrTx, row: typeof itemCategories.$inferInsert) =>
  db.insert(itemCategories).values(row).returning({ id: itemCategories.id });

export const updateCategory = (
  db: DbOrTx,
  storeId: number,
  id: number,
  row: Partial<typeof itemCategories.$inferInsert>,
) =>
  db
    .update(itemCategories)
    .set(row)
    .where(and(eq(itemCategories.store_id, storeId), eq(itemCategories.id, id)))
    .returning({ id: itemCategories.id });

export const deleteCategory = (db: DbOrTx, storeId: number, id: number) =>
  db
    .delete(itemCategories)
    .where(and(eq(itemCategories.store_id, storeId), eq(itemCategories.id, id)))
    .returning({ id: itemCategories.id });

export async function countItemsInCategory(db: DbOrTx, id: number) {
  const [row] = await db.select({ n: count() }).from(items).where(eq(items.category_id, id));
  return row?.n ?? 0;
}
