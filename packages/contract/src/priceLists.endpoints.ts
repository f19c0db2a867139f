/** Price lists (docs/price-lists.md): the lists, their prices, and the prices a customer buys at. */
import { z } from 'zod';
import { IdBody } from './categories.ts';
import { dataOf, IdRows, pageOf } from './envelope.ts';
import {
  CreatePriceListBody,
  CustomerPrice,
  CustomerPriceList,
  CustomerPricesQuery,
  PriceList,
  PriceListPrice,
  PriceListPricesQuery,
  SetPricesBody,
  UpdatePriceListBody,
} from './priceLists.ts';
import { StoreQuery } from './scope.ts';

export const priceListsEndpoints = {
  priceLists: {
    read: { method: 'GET', path: 'priceLists/read', query: StoreQuery.partial(), response: dataOf(PriceList) },
    create: { method: 'POST', path: 'priceLists/create', body: CreatePriceListBody, response: dataOf(PriceList) },
    update: { method: 'POST', path: 'priceLists/update', body: UpdatePriceListBody, response: dataOf(PriceList) },
    delete: { method: 'POST', path: 'priceLists/delete', body: IdBody, response: IdRows },
    setPrices: {
      method: 'POST',
      path: 'priceLists/setPrices',
      body: SetPricesBody,
      response: dataOf(z.object({ updated: z.number().int(), removed: z.number().int() })),
    },
    prices: { method: 'GET', path: 'priceLists/prices', query: PriceListPricesQuery, response: pageOf(PriceListPrice) },
    customerPrices: {
      method: 'GET',
      path: 'priceLists/customerPrices',
      query: CustomerPricesQuery,
      response: dataOf(CustomerPrice).extend({ price_list: CustomerPriceList }),
    },
  },
} as const;
