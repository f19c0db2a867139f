/** The calls of item categories that the web app makes. */
import { CategoryInput, IdBody, IdQuery, ItemCategory, UpdateCategoryBody } from './categories.ts';
import { dataOf, IdRows } from './envelope.ts';
import { StoreQuery } from './scope.ts';

export const categoriesEndpoints = {
  item_categories: {
    read: { method: 'GET', path: 'item_categories/read', query: StoreQuery.partial(), response: dataOf(ItemCategory) },
    read_single: { method: 'GET', path: 'item_categories/read_single', query: IdQuery, response: dataOf(ItemCategory) },
    create: { method: 'POST', path: 'item_categories/create', body: CategoryInput, response: dataOf(ItemCategory) },
    update: {
      method: 'POST',
      path: 'item_categories/update',
      body: UpdateCategoryBody,
      response: dataOf(ItemCategory),
    },
    delete: { method: 'POST', path: 'item_categories/delete', body: IdBody, response: IdRows },
  },
} as const;
