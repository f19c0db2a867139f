/** The calls of items and of the Excel imports that the web app makes. */
import { z } from 'zod';
import { IdBody } from './categories.ts';
import { dataOf, IdRows, pageOf } from './envelope.ts';
import {
  BrandRow,
  ImportPreviewResponse,
  ImportQuery,
  ImportResult,
  Item,
  ItemCost,
  ItemInput,
  ItemListQuery,
  ItemWithStock,
  MergeItemsBody,
  ModelRow,
  PriceChangeBody,
  PriceChangePreview,
  UpdateItemBody,
  UpdateItemPricesBody,
} from './items.ts';
import { AssignBarcodesBody, AssignedBarcode, ItemIdsQuery } from './labels.ts';
import { Id, StoreYearQuery } from './scope.ts';
import { StockRow } from './stock.ts';
import { Text } from './text.ts';

const SearchText = Text().trim().max(100).optional();
/** Items with their stock in the request's year: by search term, or one item by id. */
const ItemStockQuery = StoreYearQuery.partial().extend({ search: SearchText, id: Id.optional() });
/** An import answers the preview of every row (`?preview=1`), or what it saved. */
const ImportAnswer = z.union([ImportPreviewResponse, dataOf(ImportResult)]);

export const itemsEndpoints = {
  items: {
    read: { method: 'GET', path: 'items/read', query: ItemListQuery, response: pageOf(Item) },
    readUniqueBrands: {
      method: 'GET',
      path: 'items/readUniqueBrands',
      query: StoreYearQuery.partial(),
      response: dataOf(BrandRow),
    },
    readUniqueModels: {
      method: 'GET',
      path: 'items/readUniqueModels',
      query: StoreYearQuery.partial().extend({ brand: SearchText }),
      response: dataOf(ModelRow),
    },
    searchStock: { method: 'GET', path: 'items/searchStock', query: ItemStockQuery, response: dataOf(ItemWithStock) },
    /** One item with its stock and its breakdown (opening, bought, sold, counted): the one stock row. */
    readItemByIdQty: {
      method: 'GET',
      path: 'items/readItemByIdQty',
      query: ItemStockQuery,
      response: dataOf(StockRow),
    },
    /** One item's last purchase price and moving-average cost (a cost read: `readCost`); unknown: no row. */
    cost: {
      method: 'GET',
      path: 'items/cost',
      query: StoreYearQuery.partial().extend({ id: Id }),
      response: dataOf(ItemCost),
    },
    create: { method: 'POST', path: 'items/create', body: ItemInput, response: dataOf(Item) },
    update: { method: 'POST', path: 'items/update', body: UpdateItemBody, response: dataOf(Item) },
    updatePayPrice: {
      method: 'POST',
      path: 'items/updatePayPrice',
      body: UpdateItemPricesBody,
      response: dataOf(Item),
    },
    delete: { method: 'POST', path: 'items/delete', body: IdBody, response: IdRows },
    /** Two catalogue items that are the same goods become one, their stock and history with it. */
    merge: { method: 'POST', path: 'items/merge', body: MergeItemsBody, response: IdRows },
    previewPriceChange: {
      method: 'POST',
      path: 'items/previewPriceChange',
      query: z.object({ direction: z.enum(['increase', 'decrease']) }),
      body: PriceChangeBody,
      response: dataOf(PriceChangePreview).extend({ total: z.number().int(), notPositive: z.number().int() }),
    },
    increasePrice: {
      method: 'POST',
      path: 'items/increasePrice',
      body: PriceChangeBody,
      response: dataOf(z.object({ updated: z.number().int() })),
    },
    decreasePrice: {
      method: 'POST',
      path: 'items/decreasePrice',
      body: PriceChangeBody,
      response: dataOf(z.object({ updated: z.number().int() })),
    },
    /** Items of the store by id (the labels screen), in the order asked; an id of no item is left out. */
    readByIds: { method: 'GET', path: 'items/readByIds', query: ItemIdsQuery, response: dataOf(Item) },
    /** Items without a barcode given one of the store's own EAN-13s (labels.ts; docs/labels.md). */
    assignBarcodes: {
      method: 'POST',
      path: 'items/assignBarcodes',
      body: AssignBarcodesBody,
      response: dataOf(AssignedBarcode),
    },
    export: { method: 'GET', path: 'items/export', query: ItemListQuery.omit({ page: true, pageSize: true }) },
    importTemplate: { method: 'GET', path: 'items/importTemplate' },
  },
  /** Excel imports (multipart, field "file"; legacy clients send "avatar"). */
  uploadXsl: {
    items: { method: 'POST', path: 'uploadXsl', upload: 'file', query: ImportQuery, response: ImportAnswer },
    openingQuantities: {
      method: 'POST',
      path: 'uploadXslFristq',
      upload: 'file',
      query: ImportQuery,
      response: ImportAnswer,
    },
  },
} as const;
