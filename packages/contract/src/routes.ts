/**
 * Written by `npm run routes` from the endpoint table (endpoints.ts, gathered from the `*.endpoints.ts` files): do not
 * edit. The endpoint table without its schemas, for the web app: `call(routes.items.read, { query })` takes and
 * answers the types of `endpoints.items.read`, while the app's first load carries no zod.
 */
import type { RoutesOf } from './endpoint.ts';
import type { endpoints } from './endpoints.ts';

const get = <P extends string>(path: P) => ({ method: 'GET', path }) as const;
const post = <P extends string>(path: P) => ({ method: 'POST', path }) as const;
const upload = <P extends string, F extends string>(path: P, field: F) =>
  ({ method: 'POST', path, upload: field }) as const;

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
  store: {
    read: get('store/read'),
    update: post('store/update'),
  },
  company: {
    read: get('company/read'),
    update: post('company/update'),
    uploadLogo: upload('company/uploadLogo', 'logo'),
  },
  year: {
    readByStoreByRef: get('year/readByStoreByRef'),
    close: post('year/close'),
    reopen: post('year/reopen'),
  },
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
  firstq: {
    readByStore: get('firstq/readByStore'),
    importTemplate: get('firstq/importTemplate'),
  },
  accounts: {
    readByStore: get('accounts/readByStore'),
  },
  account_category: {
    readByStore: get('account_category/readByStore'),
  },
  sub_accounts: {
    readAllStore: get('sub_accounts/readAllStore'),
    getAllCustomerSupplier: get('sub_accounts/getAllCustomerSupplier'),
    readWithBalance: get('sub_accounts/readWithBalance'),
    getAccountBalance: get('sub_accounts/getAccountBalance'),
    create: post('sub_accounts/create'),
    update: post('sub_accounts/update'),
    delete: post('sub_accounts/delete'),
  },
  pay: {
    createWithItems: post('pay/createWithItems'),
    updateWithItems: post('pay/updateWithItems'),
    create: post('pay/create'),
    update: post('pay/update'),
    readById: get('pay/readById'),
    deleteWithItems: post('pay/deleteWithItems'),
    getTopSales: get('pay/getTopSales'),
    getSalesByDate: get('pay/getSalesByDate'),
    getSales2Date: get('pay/getSales2Date'),
    paynotif: get('pay/paynotif'),
  },
  perch: {
    createWithItems: post('perch/createWithItems'),
    updateWithItems: post('perch/updateWithItems'),
    create: post('perch/create'),
    update: post('perch/update'),
    readById: get('perch/readById'),
    deleteWithItems: post('perch/deleteWithItems'),
    getTopSales: get('perch/getTopSales'),
    getSalesByDate: get('perch/getSalesByDate'),
    getSales2Date: get('perch/getSales2Date'),
    paynotif: get('perch/paynotif'),
  },
  payinit: {
    createWithItems: post('payinit/createWithItems'),
    updateWithItems: post('payinit/updateWithItems'),
    create: post('payinit/create'),
    update: post('payinit/update'),
    readById: get('payinit/readById'),
    deleteWithItems: post('payinit/deleteWithItems'),
    getTopSales: get('payinit/getTopSales'),
    getSalesByDate: get('payinit/getSalesByDate'),
    getSales2Date: get('payinit/getSales2Date'),
    convertToFinal: post('payinit/convertToFinal'),
    saveWithItemsAndDeletePay: post('payinit/saveWithItemsAndDeletePay'),
  },
  perchOrder: {
    createWithItems: post('perchOrder/createWithItems'),
    updateWithItems: post('perchOrder/updateWithItems'),
    create: post('perchOrder/create'),
    update: post('perchOrder/update'),
    readById: get('perchOrder/readById'),
    deleteWithItems: post('perchOrder/deleteWithItems'),
    getTopSales: get('perchOrder/getTopSales'),
    getSalesByDate: get('perchOrder/getSalesByDate'),
    getSales2Date: get('perchOrder/getSales2Date'),
    convertToPurchase: post('perchOrder/convertToPurchase'),
  },
  sales_returns: {
    createWithItems: post('sales_returns/createWithItems'),
    updateWithItems: post('sales_returns/updateWithItems'),
    deleteWithItems: post('sales_returns/deleteWithItems'),
    getReturnsByDate: get('sales_returns/getReturnsByDate'),
    getReturnDetail: get('sales_returns/getReturnDetail'),
    checkExistingReturns: get('sales_returns/checkExistingReturns'),
    readById: get('sales_returns/readById'),
    returnedByInvoice: get('sales_returns/returnedByInvoice'),
    getTopReturns: get('sales_returns/getTopReturns'),
  },
  purchase_returns: {
    createWithItems: post('purchase_returns/createWithItems'),
    updateWithItems: post('purchase_returns/updateWithItems'),
    deleteWithItems: post('purchase_returns/deleteWithItems'),
    getReturnsByDate: get('purchase_returns/getReturnsByDate'),
    getReturnDetail: get('purchase_returns/getReturnDetail'),
    checkExistingReturns: get('purchase_returns/checkExistingReturns'),
    readById: get('purchase_returns/readById'),
    returnedByInvoice: get('purchase_returns/returnedByInvoice'),
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
