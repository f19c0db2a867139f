/**
 * The calls of invoices and orders, under each trade kind's wire token (`pay/createWithItems`,
 * `perchOrder/convertToPurchase`): every trade kind of the registry gets the document calls, a kind with due dates
 * its payment-due read (`paynotif`), a kind that converts its conversion calls. A new trade kind is a registry
 * entry; its calls follow from it. The legacy two-call save and the line reads are the server's alone.
 */
import { z } from 'zod';
import { IsoDate } from './dates.ts';
import {
  type DocumentKind,
  type DueKindToken,
  type documentKinds,
  kindOf,
  type ReturnKindToken,
  type TradeKindToken,
  tradeKindTokens,
} from './documentKinds.ts';
import type { Endpoint } from './endpoint.ts';
import { dataOf } from './envelope.ts';
import { Id } from './scope.ts';
import {
  CreateWithItemsBody,
  DeleteDocumentBody,
  DeviceCounters,
  DeviceCountersQuery,
  DeviceSaleResult,
  DeviceSalesBody,
  DocumentListQuery,
  DocumentPage,
  HeaderOnlyBody,
  TradeDocument,
  TradeDocumentWithLines,
  UpdateWithItemsBody,
} from './trade.ts';

export const SavedDocument = dataOf(TradeDocumentWithLines);
const DeletedDocument = dataOf(z.object({ pay_id: z.number().int() }));
// The paged form first: the legacy form would also match a page and strip its count and sums.
const DocumentListAnswer = z.union([DocumentPage, dataOf(TradeDocument)]);
const HeaderUpdateBody = HeaderOnlyBody.extend({ pay_id: Id });
/** A conversion (preliminary → final, order → purchase): dated the day it is made, unless the user picks a date. */
const ConvertBody = z.object({ pay_id: Id, pay_date: IsoDate.optional() });
const documentList = <K extends TradeKindToken, R extends string>(kind: K, read: R) =>
  ({ method: 'GET', path: `${kind}/${read}`, query: DocumentListQuery, response: DocumentListAnswer }) as const;

/** One document with its lines, by id: every kind, returns too (the print page reads any kind this way). */
export const readDocumentById = <K extends TradeKindToken | ReturnKindToken>(kind: K) =>
  ({
    method: 'GET',
    path: `${kind}/readById`,
    query: z.object({ pay_id: Id, store_id: Id.optional() }),
    response: SavedDocument,
  }) as const;

/** What every trade kind answers under its wire token (`pay/createWithItems`, `perch/readById`, ...). */
const documentCalls = <K extends TradeKindToken>(kind: K) =>
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

/** Invoices whose remainder is due (the kinds with due dates: sales and purchases). */
const dueDocuments = <K extends DueKindToken>(kind: K) =>
  ({ method: 'GET', path: `${kind}/paynotif`, query: DocumentListQuery, response: dataOf(TradeDocument) }) as const;
/** The kind's conversion into its `to` kind (`payinit/convertToFinal`): the document as it is, dated today. */
const conversionCall = <K extends TradeKindToken, C extends string>(kind: K, call: C) =>
  ({ method: 'POST', path: `${kind}/${call}`, body: ConvertBody, response: SavedDocument }) as const;
/** A document of the `to` kind saved back as this kind (`payinit/saveWithItemsAndDeletePay`), with its lines. */
const backCall = <K extends TradeKindToken, C extends string>(kind: K, call: C) =>
  ({ method: 'POST', path: `${kind}/${call}`, body: UpdateWithItemsBody, response: SavedDocument }) as const;

type SpecOf<K extends TradeKindToken> = Extract<(typeof documentKinds)[DocumentKind], { wire: K }>;
type CallsOf<K extends TradeKindToken> = ReturnType<typeof documentCalls<K>> &
  (K extends DueKindToken ? { paynotif: ReturnType<typeof dueDocuments<K>> } : unknown) &
  (SpecOf<K> extends { conversion: { call: infer C extends string } }
    ? { [Call in C]: ReturnType<typeof conversionCall<K, Call>> }
    : unknown) &
  (SpecOf<K> extends { conversion: { back: infer B extends string } }
    ? { [Call in B]: ReturnType<typeof backCall<K, Call>> }
    : unknown);

function callsOf<K extends TradeKindToken>(kind: K): CallsOf<K> {
  const { dueDates, conversion } = kindOf(kind);
  return {
    ...documentCalls(kind),
    ...(dueDates && { paynotif: dueDocuments(kind as DueKindToken) }),
    ...(conversion && { [conversion.call]: conversionCall(kind, conversion.call) }),
    ...(conversion?.back && { [conversion.back]: backCall(kind, conversion.back) }),
  } as CallsOf<K>;
}

export const tradeEndpoints = Object.fromEntries(tradeKindTokens.map((kind) => [kind, callsOf(kind)])) as {
  [K in TradeKindToken]: CallsOf<K>;
};

/**
 * A trade kind's conversion calls, found in the table by the names its registry entry gives them: `convert` saves
 * it as its `to` kind, `back` saves a document of the `to` kind as this one. Undefined for a kind that converts
 * into nothing.
 */
export function conversionEndpoints(kind: TradeKindToken) {
  const { conversion } = kindOf(kind);
  if (!conversion) return undefined;
  const calls: Record<string, Endpoint> = tradeEndpoints[kind];
  type Convert = ReturnType<typeof conversionCall<TradeKindToken, string>>;
  type Back = ReturnType<typeof backCall<TradeKindToken, string>>;
  return {
    to: conversion.to as TradeKindToken,
    convert: calls[conversion.call] as Convert,
    back: conversion.back === undefined ? undefined : (calls[conversion.back] as Back),
  };
}

/** The proof of issue 21 (docs/offline.md): per device, its sales' counters run 1…max with no gap and no repeat. */
export const deviceSalesEndpoints = {
  deviceSales: {
    counters: {
      method: 'GET',
      path: 'pay/deviceCounters',
      query: DeviceCountersQuery,
      response: dataOf(DeviceCounters),
    },
    /** A device's queued sales, up to DEVICE_SALES_PER_CALL, each saved as `pay/createWithItems` saves one. */
    send: {
      method: 'POST',
      path: 'pay/createDeviceSales',
      body: DeviceSalesBody,
      response: dataOf(DeviceSaleResult),
    },
  },
} as const;
