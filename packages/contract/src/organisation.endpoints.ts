/** The calls of sign-in, users, the store, the company and the years that the web app makes. */
import { z } from 'zod';
import { LoginBody, SessionUser } from './auth.ts';
import { dataOf, IdRows } from './envelope.ts';
import {
  Company,
  CompanyUpdateBody,
  CreateUserBody,
  ResetPasswordBody,
  SetUserActiveBody,
  Store,
  StoreName,
  StoreUpdateBody,
  StoreUser,
  Year,
  YearLockBody,
} from './organisation.ts';
import { StoreQuery } from './scope.ts';

export const organisationEndpoints = {
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
    /** Before sign-in the stores' names only (`StoreName`); signed in, the stores as they are. */
    read: { method: 'GET', path: 'store/read', response: dataOf(z.union([Store, StoreName])) },
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
} as const;
