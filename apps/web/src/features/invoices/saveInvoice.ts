import { type AnswerOf, type BodyOf, type Route, routes } from '@mizan/contract';
import { call } from '../../app/api.ts';
import type { DocumentScreen } from './documentScreens.ts';
import type { DocKind } from './useSales.ts';

type Body = BodyOf<typeof routes.pay.createWithItems>;
/** One call of a save: where it goes and what it sends (for the tests to read), and the call itself. */
export type SaveStep = {
  route: Route;
  body: object;
  send: () => Promise<AnswerOf<typeof routes.pay.createWithItems>>;
};

const create = (kind: DocKind, body: Body): SaveStep => {
  const route = routes[kind].createWithItems;
  return { route, body, send: () => call(route, { body }) };
};
const update = (kind: DocKind, body: BodyOf<typeof routes.pay.updateWithItems>): SaveStep => {
  const route = routes[kind].updateWithItems;
  return { route, body, send: () => call(route, { body }) };
};

/**
 * Which calls save the invoice, by what it was and what the user chose (screens.md, folder/sales "Save"):
 * new final → pay/createWithItems; new preliminary → payinit/createWithItems; an open final kept final →
 * pay/updateWithItems, made preliminary → payinit/saveWithItemsAndDeletePay; an open preliminary kept →
 * payinit/updateWithItems, made final → payinit/updateWithItems then payinit/convertToFinal.
 * Purchases have no preliminary invoices: perch/createWithItems or perch/updateWithItems.
 */
export function saveSteps(
  screen: DocumentScreen,
  opened: { kind: DocKind; pay_id: number; pay_date?: string } | undefined,
  final: boolean,
  body: Body,
): SaveStep[] {
  if (!opened) return [create(final || !screen.draftKind ? screen.kind : screen.draftKind, body)];
  const changed = { ...body, invoice: { ...body.invoice, pay_id: opened.pay_id } };
  const draft = screen.draftKind;
  if (!draft) return [update(screen.kind, changed)];
  if (opened.kind === screen.kind) {
    if (final) return [update(screen.kind, changed)];
    const toDraft = routes[draft].saveWithItemsAndDeletePay;
    return [{ route: toDraft, body: changed, send: () => call(toDraft, { body: changed }) }];
  }
  if (!final) return [update(draft, changed)];
  const toFinal = routes[draft].convertToFinal;
  const converted = { pay_id: opened.pay_id, pay_date: pickedDate(opened.pay_date, body.invoice.pay_date) };
  return [update(draft, changed), { route: toFinal, body: converted, send: () => call(toFinal, { body: converted }) }];
}

/** A value-only invoice: its header alone, created or (with `pay_id`) edited. */
export function saveHeaderStep(kind: DocumentScreen['kind'], body: BodyOf<typeof routes.pay.create>): SaveStep {
  const route = routes[kind].create;
  return { route, body, send: () => call(route, { body }) };
}
export function updateHeaderStep(kind: DocumentScreen['kind'], body: BodyOf<typeof routes.pay.update>): SaveStep {
  const route = routes[kind].update;
  return { route, body, send: () => call(route, { body }) };
}

/**
 * The date a conversion is sent: the server dates it the day it is made, unless the user picked another date on the
 * screen than the one the preliminary invoice or order was saved with.
 */
export const pickedDate = (savedDate: string | undefined, shownDate: unknown) =>
  typeof shownDate === 'string' && savedDate !== undefined && shownDate !== savedDate ? shownDate : undefined;

/** A purchase order becomes a purchase invoice (dated today unless `pay_date` was picked). */
export function convertOrderStep(pay_id: number, pay_date?: string): SaveStep {
  const body = { pay_id, pay_date };
  const route = routes.perchOrder.convertToPurchase;
  return { route, body, send: () => call(route, { body }) };
}
