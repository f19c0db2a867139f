/** The calls of the chart of accounts and of parties (sub-accounts) that the web app makes. */
import {
  AccountCategory,
  AccountQuery,
  MainAccount,
  PartyName,
  PartyNamesQuery,
  SubAccount,
  SubAccountInput,
  SubAccountListQuery,
  SubAccountWithSeed,
  UpdateSubAccountBody,
} from './accounts.ts';
import { IdBody } from './categories.ts';
import { dataOf, IdRows, pageOf } from './envelope.ts';
import { StoreYearQuery } from './scope.ts';

export const accountsEndpoints = {
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
      response: dataOf(SubAccountWithSeed),
    },
    getAllCustomerSupplier: {
      method: 'GET',
      path: 'sub_accounts/getAllCustomerSupplier',
      query: StoreYearQuery.partial(),
      response: dataOf(SubAccountWithSeed),
    },
    /** The store's customers and suppliers by name and code, without balances: all, or those a term finds. */
    partyNames: {
      method: 'GET',
      path: 'sub_accounts/partyNames',
      query: PartyNamesQuery,
      response: dataOf(PartyName),
    },
    readWithBalance: {
      method: 'GET',
      path: 'sub_accounts/readWithBalance',
      query: SubAccountListQuery,
      response: pageOf(SubAccountWithSeed),
    },
    getAccountBalance: {
      method: 'GET',
      path: 'sub_accounts/getAccountBalance',
      query: AccountQuery,
      response: dataOf(SubAccountWithSeed),
    },
    create: { method: 'POST', path: 'sub_accounts/create', body: SubAccountInput, response: dataOf(SubAccount) },
    update: { method: 'POST', path: 'sub_accounts/update', body: UpdateSubAccountBody, response: dataOf(SubAccount) },
    delete: { method: 'POST', path: 'sub_accounts/delete', body: IdBody, response: IdRows },
  },
} as const;
