/**
 * The endpoint table: method, path and schemas of every call the web app makes. The server registers these routes
 * with these schemas (so it validates what the web app is typed by), and the web app calls them through
 * `routes.ts`, which mirrors this table without its schemas. Legacy clients' other routes are the server's alone.
 */
import { z } from 'zod';
import {
  AccountCategory,
  MainAccount,
  SubAccount,
  SubAccountInput,
  SubAccountListQuery,
  UpdateSubAccountBody,
} from './accounts.ts';
import { LoginBody, SessionUser } from './auth.ts';
import { CategoryInput, IdBody, IdQuery, ItemCategory, UpdateCategoryBody } from './categories.ts';
import { IsoDate } from './dates.ts';
import type { ReturnKindToken, TradeKindToken } from './documentKinds.ts';
import type { EndpointGroups } from './endpoint.ts';
import { dataOf, pageOf } from './envelope.ts';
import {
  BrandRow,
  ImportPreviewResponse,
  ImportQuery,
  ImportResult,
  Item,
  ItemInput,
  ItemListQuery,
  ModelRow,
  PriceChangeBody,
  PriceChangePreview,
  UpdateItemBody,
  UpdateItemPricesBody,
} from './items.ts';
import { journalEndpoints } from './journal.endpoints.ts';
import { OpeningQuantityListQuery, OpeningQuantityRow } from './openingStock.ts';
import {
  Company,
  CompanyUpdateBody,
  CreateUserBody,
  ResetPasswordBody,
  SetUserActiveBody,
  Store,
  StoreUpdateBody,
  StoreUser,
  Year,
  YearLockBody,
} from './organisation.ts';
import {
  CreateReturnBody,
  DeleteReturnBody,
  ExistingReturns,
  ReturnedByInvoice,
  ReturnQuery,
  ReturnWithLines,
  UpdateReturnBody,
} from './returns.ts';
import { Id, StoreQuery, StoreYearQuery } from './scope.ts';
import { stockCountEndpoints } from './stockCount.ts';
import { Text } from './text.ts';
import {
  CreateWithItemsBody,
  DeleteDocumentBody,
  DocumentListQuery,
  DocumentPage,
  HeaderOnlyBody,
  TradeDocument,
  TradeDocumentWithLines,
  UpdateWithItemsBody,
} from './trade.ts';

/** The id of the row a change touched. */
const IdRows = dataOf(z.object({ id: z.number().int() }));
const SearchText = Text().trim().max(100).optional();

export const ItemWithStock = Item.extend({
  quantity: z.string(),
  /** The moving-average cost of what is in stock in the year; null when nothing is. */
  avg_cost: z.string().nullable(),
});
export type ItemWithStock = z.infer<typeof ItemWithStock>;
/** Items with their stock in the request's year: by search term, or one item by id. */
const ItemStockQuery = StoreYearQuery.partial().extend({ search: SearchText, id: Id.optional() });
export const AccountQuery = StoreYearQuery.partial().extend({ account_id: Id });
/** An import answers the preview of every row (`?preview=1`), or what it saved. */
const ImportAnswer = z.union([ImportPreviewResponse, dataOf(ImportResult)]);

const SavedDocument = dataOf(TradeDocumentWithLines);
const DeletedDocument = dataOf(z.object({ pay_id: z.number().int() }));
// The paged form first: the legacy form would also match a page and strip its count and sums.
const DocumentListAnswer = z.union([DocumentPage, dataOf(TradeDocument)]);
const HeaderUpdateBody = HeaderOnlyBody.extend({ pay_id: Id });
/** A conversion (preliminary → final, order → purchase): dated the day it is made, unless the user picks a date. */
const ConvertBody = z.object({ pay_id: Id, pay_date: IsoDate.optional() });
const documentList = <K extends TradeKindToken, R extends string>(kind: K, read: R) =>
  ({ method: 'GET', path: `${kind}/${read}`, query: DocumentListQuery, response: DocumentListAnswer }) as const;

/** One document with its lines, by id: every kind, returns too (the print page reads any kind this way). */
const readDocumentById = <K extends TradeKindToken | ReturnKindToken>(kind: K) =>
  ({
    method: 'GET',
    path: `${kind}/readById`,
    query: z.object({ pay_id: Id, store_id: Id.optional() }),
    response: SavedDocument,
  }) as const;

/** What every document kind answers under its wire token (`pay/createWithItems`, `perch/readById`, ...). */
const documentEndpoints = <K extends TradeKindToken>(kind: K) =>
  ({
    createWithItems: {
      method: 'POST',
      path: `${kind}/createWithItems`,
      body: CreateWithItemsBody,
      response: SavedDocument,
    },
    updateWithItems: {
      method: 'POST',
      path: `${kind}/updateWithItems`,
      body: UpdateWithItemsBody,
      response: SavedDocument,
    },
    /** A header alone: a value-only invoice (or the first of the legacy two-call save). */
    create: { method: 'POST', path: `${kind}/create`, body: HeaderOnlyBody, response: SavedDocument },
    update: { method: 'POST', path: `${kind}/update`, body: HeaderUpdateBody, response: SavedDocument },
    readById: readDocumentById(kind),
    deleteWithItems: {
      method: 'POST',
      path: `${kind}/deleteWithItems`,
      body: DeleteDocumentBody,
      response: DeletedDocument,
    },
    getTopSales: documentList(kind, 'getTopSales'),
    getSalesByDate: documentList(kind, 'getSalesByDate'),
    getSales2Date: documentList(kind, 'getSales2Date'),
  }) as const;

const SavedReturn = dataOf(ReturnWithLines);
const ReturnList = dataOf(ReturnWithLines.omit({ items: true }));
/** The latest returns of the year (each kind's legacy read has its own name). */
const latestReturns = <K extends ReturnKindToken, R extends string>(kind: K, read: R) =>
  ({ method: 'GET', path: `${kind}/${read}`, query: ReturnQuery, response: ReturnList }) as const;

/**
 * What both kinds of return answer under their wire token (`sales_returns/...`, `purchase_returns/...`): saves of
 * `{ invoice, items }`, delete, one date's returns, one return by reference, what was returned from an invoice.
 */
const returnEndpoints = <K extends ReturnKindToken>(kind: K) =>
  ({
    createWithItems: {
      method: 'POST',
      path: `${kind}/createWithItems`,
      body: CreateReturnBody,
      response: SavedReturn,
    },
    updateWithItems: {
      method: 'POST',
      path: `${kind}/updateWithItems`,
      body: UpdateReturnBody,
      response: SavedReturn,
    },
    deleteWithItems: {
      method: 'POST',
      path: `${kind}/deleteWithItems`,
      body: DeleteReturnBody,
      response: dataOf(z.object({ return_id: z.number().int() })),
    },
    getReturnsByDate: {
      method: 'GET',
      path: `${kind}/getReturnsByDate`,
      query: ReturnQuery.required({ from: true }),
      response: ReturnList,
    },
    getReturnDetail: {
      method: 'GET',
      path: `${kind}/getReturnDetail`,
      query: ReturnQuery.required({ return_ref: true }),
      response: SavedReturn,
    },
    checkExistingReturns: {
      method: 'GET',
      path: `${kind}/checkExistingReturns`,
      query: ReturnQuery.required({ original_pay_ref: true }),
      response: ExistingReturns,
    },
    /** The return in the shape of an invoice, with its lines (`pay_id` is the return's id). */
    readById: readDocumentById(kind),
    /** For invoices of a record (`pay_ids`, comma-separated): what their lines had and what came back. */
    returnedByInvoice: {
      method: 'GET',
      path: `${kind}/returnedByInvoice`,
      query: z.object({
        pay_ids: Text()
          .max(2000)
          .regex(/^\d+(,\d+)*$/),
        store_id: Id.optional(),
      }),
      response: dataOf(ReturnedByInvoice),
    },
  }) as const;

/** Invoices whose remainder is due: sales and purchases only. */
const dueDocuments = <K extends 'pay' | 'perch'>(kind: K) =>
  ({ method: 'GET', path: `${kind}/paynotif`, query: DocumentListQuery, response: dataOf(TradeDocument) }) as const;

export const endpoints = {
  users: {
    login: { method: 'POST', path: 'users/login', body: LoginBody, response: dataOf(SessionUser) },
    logout: { method: 'POST', path: 'users/logout', response: dataOf(z.never()) },
    me: { method: 'GET', path: 'users/me', response: dataOf(SessionUser) },
    readByStore: {
      method: 'GET',
      path: 'users/readByStore',
      query: StoreQuery.partial(),
      response: dataOf(StoreUser),
    },
    create: { method: 'POST', path: 'users/create', body: CreateUserBody, response: dataOf(StoreUser) },
    resetPassword: { method: 'POST', path: 'users/resetPassword', body: ResetPasswordBody, response: IdRows },
    setActive: { method: 'POST', path: 'users/setActive', body: SetUserActiveBody, response: IdRows },
  },
  store: {
    read: { method: 'GET', path: 'store/read', response: dataOf(Store) },
    update: { method: 'POST', path: 'store/update', body: StoreUpdateBody, response: dataOf(Store) },
  },
  company: {
    read: { method: 'GET', path: 'company/read', response: dataOf(Company) },
    update: { method: 'POST', path: 'company/update', body: CompanyUpdateBody, response: dataOf(Company) },
    uploadLogo: {
      method: 'POST',
      path: 'company/uploadLogo',
      upload: 'logo',
      response: dataOf(z.object({ logoUrl: z.string() })),
    },
  },
  year: {
    readByStoreByRef: {
      method: 'GET',
      path: 'year/readByStoreByRef',
      query: StoreQuery.partial(),
      response: dataOf(Year),
    },
    close: { method: 'POST', path: 'year/close', body: YearLockBody, response: dataOf(Year) },
    reopen: { method: 'POST', path: 'year/reopen', body: YearLockBody, response: dataOf(Year) },
  },
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
    readItemByIdQty: {
      method: 'GET',
      path: 'items/readItemByIdQty',
      query: ItemStockQuery,
      response: dataOf(ItemWithStock),
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
  firstq: {
    readByStore: {
      method: 'GET',
      path: 'firstq/readByStore',
      query: OpeningQuantityListQuery,
      response: pageOf(OpeningQuantityRow),
    },
    importTemplate: { method: 'GET', path: 'firstq/importTemplate' },
  },
  accounts: {
    readByStore: { method: 'GET', path: 'accounts/readByStore', response: dataOf(MainAccount) },
  },
  account_category: {
    readByStore: {
      method: 'GET',
      path: 'account_category/readByStore',
      query: StoreYearQuery.partial(),
      response: dataOf(AccountCategory),
    },
  },
  sub_accounts: {
    readAllStore: {
      method: 'GET',
      path: 'sub_accounts/readAllStore',
      query: StoreYearQuery.partial(),
      response: dataOf(SubAccount),
    },
    getAllCustomerSupplier: {
      method: 'GET',
      path: 'sub_accounts/getAllCustomerSupplier',
      query: StoreYearQuery.partial(),
      response: dataOf(SubAccount),
    },
    readWithBalance: {
      method: 'GET',
      path: 'sub_accounts/readWithBalance',
      query: SubAccountListQuery,
      response: pageOf(SubAccount),
    },
    getAccountBalance: {
      method: 'GET',
      path: 'sub_accounts/getAccountBalance',
      query: AccountQuery,
      response: dataOf(SubAccount),
    },
    create: { method: 'POST', path: 'sub_accounts/create', body: SubAccountInput, response: dataOf(SubAccount) },
    update: { method: 'POST', path: 'sub_accounts/update', body: UpdateSubAccountBody, response: dataOf(SubAccount) },
    delete: { method: 'POST', path: 'sub_accounts/delete', body: IdBody, response: IdRows },
  },
  pay: { ...documentEndpoints('pay'), paynotif: dueDocuments('pay') },
  perch: { ...documentEndpoints('perch'), paynotif: dueDocuments('perch') },
  payinit: {
    ...documentEndpoints('payinit'),
    convertToFinal: {
      method: 'POST',
      path: 'payinit/convertToFinal',
      body: ConvertBody,
      response: SavedDocument,
    },
    saveWithItemsAndDeletePay: {
      method: 'POST',
      path: 'payinit/saveWithItemsAndDeletePay',
      body: UpdateWithItemsBody,
      response: SavedDocument,
    },
  },
  perchOrder: {
    ...documentEndpoints('perchOrder'),
    convertToPurchase: {
      method: 'POST',
      path: 'perchOrder/convertToPurchase',
      body: ConvertBody,
      response: SavedDocument,
    },
  },
  sales_returns: {
    ...returnEndpoints('sales_returns'),
    getTopReturns: latestReturns('sales_returns', 'getTopReturns'),
  },
  purchase_returns: {
    ...returnEndpoints('purchase_returns'),
    getTopPurchaseReturns: latestReturns('purchase_returns', 'getTopPurchaseReturns'),
  },
  journal: journalEndpoints,
  tswia: stockCountEndpoints,
} as const satisfies EndpointGroups;
