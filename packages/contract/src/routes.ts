/**
 * The endpoint table without its schemas, for the web app: `call(routes.items.read, { query })` takes and answers
 * the types of `endpoints.items.read`, while the app's first load carries no zod. The compiler holds every route
 * here to its endpoint's method and path (a missing, extra or different one does not compile).
 */
import type { ReturnKindToken, TradeKindToken } from './documentKinds.ts';
import type { RoutesOf } from './endpoint.ts';
import type { endpoints } from './endpoints.ts';

const get = <P extends string>(path: P) => ({ method: 'GET', path }) as const;
const post = <P extends string>(path: P) => ({ method: 'POST', path }) as const;
const upload = <P extends string, F extends string>(path: P, field: F) =>
  ({ method: 'POST', path, upload: field }) as const;

const documentRoutes = <K extends TradeKindToken>(kind: K) => ({
  createWithItems: post(`${kind}/createWithItems`),
  updateWithItems: post(`${kind}/updateWithItems`),
  create: post(`${kind}/create`),
  update: post(`${kind}/update`),
  readById: get(`${kind}/readById`),
  deleteWithItems: post(`${kind}/deleteWithItems`),
  getTopSales: get(`${kind}/getTopSales`),
  getSalesByDate: get(`${kind}/getSalesByDate`),
  getSales2Date: get(`${kind}/getSales2Date`),
});

const returnRoutes = <K extends ReturnKindToken>(kind: K) => ({
  createWithItems: post(`${kind}/createWithItems`),
  updateWithItems: post(`${kind}/updateWithItems`),
  deleteWithItems: post(`${kind}/deleteWithItems`),
  getReturnsByDate: get(`${kind}/getReturnsByDate`),
  getReturnDetail: get(`${kind}/getReturnDetail`),
  checkExistingReturns: get(`${kind}/checkExistingReturns`),
  readById: get(`${kind}/readById`),
  returnedByInvoice: get(`${kind}/returnedByInvoice`),
});

export const routes: RoutesOf<typeof endpoints> = {
  users: {
    login: post('users/login'),
    logout: post('users/logout'),
    me: get('users/me'),
    readByStore: get('users/readByStore'),
    create: post('users/create'),
    resetPassword: post('users/resetPassword'),
    setActive: post('users/setActive'),
  },
  store: { read: get('store/read'), update: post('store/update') },
  company: {
    read: get('company/read'),
    update: post('company/update'),
    uploadLogo: upload('company/uploadLogo', 'logo'),
  },
  year: { readByStoreByRef: get('year/readByStoreByRef'), close: post('year/close'), reopen: post('year/reopen') },
  item_categories: {
    read: get('item_categories/read'),
    read_single: get('item_categories/read_single'),
    create: post('item_categories/create'),
    update: post('item_categories/update'),
    delete: post('item_categories/delete'),
  },
  items: {
    read: get('items/read'),
    readUniqueBrands: get('items/readUniqueBrands'),
    readUniqueModels: get('items/readUniqueModels'),
    searchStock: get('items/searchStock'),
    readItemByIdQty: get('items/readItemByIdQty'),
    create: post('items/create'),
    update: post('items/update'),
    updatePayPrice: post('items/updatePayPrice'),
    delete: post('items/delete'),
    previewPriceChange: post('items/previewPriceChange'),
    increasePrice: post('items/increasePrice'),
    decreasePrice: post('items/decreasePrice'),
    export: get('items/export'),
    importTemplate: get('items/importTemplate'),
  },
  uploadXsl: {
    items: upload('uploadXsl', 'file'),
    openingQuantities: upload('uploadXslFristq', 'file'),
  },
  firstq: { readByStore: get('firstq/readByStore'), importTemplate: get('firstq/importTemplate') },
  accounts: { readByStore: get('accounts/readByStore') },
  account_category: { readByStore: get('account_category/readByStore') },
  sub_accounts: {
    readAllStore: get('sub_accounts/readAllStore'),
    getAllCustomerSupplier: get('sub_accounts/getAllCustomerSupplier'),
    readWithBalance: get('sub_accounts/readWithBalance'),
    getAccountBalance: get('sub_accounts/getAccountBalance'),
    create: post('sub_accounts/create'),
    update: post('sub_accounts/update'),
    delete: post('sub_accounts/delete'),
  },
  pay: { ...documentRoutes('pay'), paynotif: get('pay/paynotif') },
  perch: { ...documentRoutes('perch'), paynotif: get('perch/paynotif') },
  payinit: {
    ...documentRoutes('payinit'),
    convertToFinal: post('payinit/convertToFinal'),
    saveWithItemsAndDeletePay: post('payinit/saveWithItemsAndDeletePay'),
  },
  perchOrder: { ...documentRoutes('perchOrder'), convertToPurchase: post('perchOrder/convertToPurchase') },
  sales_returns: { ...returnRoutes('sales_returns'), getTopReturns: get('sales_returns/getTopReturns') },
  purchase_returns: {
    ...returnRoutes('purchase_returns'),
    getTopPurchaseReturns: get('purchase_returns/getTopPurchaseReturns'),
  },
  journal: {
    createWithItems: post('journal/createWithItems'),
    updateWithItems: post('journal/updateWithItems'),
    deleteWithItems: post('journal/deleteWithItems'),
    read_single: get('journal/read_single'),
    getTopSales: get('journal/getTopSales'),
    getSalesByDate: get('journal/getSalesByDate'),
    getSales2Date: get('journal/getSales2Date'),
  },
  tswia: {
    createWithItems: post('tswia/createWithItems'),
    updateWithItems: post('tswia/updateWithItems'),
    deleteWithItems: post('tswia/deleteWithItems'),
    readById: get('tswia/readById'),
    getTopSales: get('tswia/getTopSales'),
    getSalesByDate: get('tswia/getSalesByDate'),
    getSales2Date: get('tswia/getSales2Date'),
  },
};
