/**
 * `reports/itemMovement` and `reports/dailyMovement` (docs/item-movement.md), and their .xlsx exports (every page,
 * streamed by lib/sheetExport.ts): the session's store only; an item of another store is not found.
 */
import { bookKinds, endpoints, isKindToken, kindOf, type MovementRow } from '@mizan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { schemaOf, urlOf } from '../../lib/endpoint.ts';
import { sendError } from '../../lib/sendError.ts';
import { sessionUser } from '../../lib/sessionUser.ts';
import { pagesOf, type SheetColumn, sendSheet } from '../../lib/sheetExport.ts';
import {
  dailyMovementRows,
  dailySummary,
  itemMovementRows,
  itemSummary,
  movementItem,
  type Period,
} from './itemMovement.queries.ts';

const api = endpoints.movement;
const tags = ['reports'];

/** One date is a range of one day; a range typed backwards is read the right way round. */
function periodOf(from: string | undefined, to: string | undefined): Period {
  const end = to ?? from;
  return from !== undefined && end !== undefined && end < from ? { from: end, to: from } : { from, to: end };
}

/** What moved, in words: the document kind's label from the registry. */
const kindLabel = (kind: string) =>
  isKindToken(kind)
    ? kindOf(kind).label
    : (Object.values(bookKinds).find((spec) => 'wire' in spec && spec.wire === kind)?.label ?? kind);

const movementColumns = (withItem: boolean): SheetColumn<MovementRow>[] => [
  ...(withItem ? [{ header: 'الصنف', cell: (r: MovementRow) => r.item_name, width: 30 }] : []),
  { header: 'نوع الحركة', cell: (r) => kindLabel(r.kind), width: 16 },
  { header: 'التاريخ', cell: (r) => r.move_date },
  { header: 'رقم المستند', cell: (r) => r.pay_ref, width: 16 },
  { header: 'العميل\\المورد', cell: (r) => r.party, width: 24 },
  { header: 'وارد', cell: (r) => r.incoming, kind: 'quantity' },
  { header: 'صادر', cell: (r) => r.outgoing, kind: 'quantity' },
  { header: 'الرصيد', cell: (r) => r.balance, kind: 'quantity' },
  { header: 'السعر بعد الخصم', cell: (r) => r.unit_price, kind: 'money' },
  { header: 'المجموع', cell: (r) => r.net_total, kind: 'money' },
  { header: 'تكلفة الوحدة', cell: (r) => r.unit_cost, kind: 'money' },
  { header: 'مجمل الربح', cell: (r) => r.gross_profit, kind: 'money' },
];

export const itemMovementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    urlOf(api.itemMovement),
    {
      config: { permission: 'readCost' },
      schema: {
        tags,
        summary:
          "An item's movements (all time, a date, a range) in date order across years, with the quantity after each, paged, and the period's opening, incoming, outgoing and closing quantities",
        ...schemaOf(api.itemMovement),
      },
    },
    async (req, reply) => {
      const storeId = sessionUser(req).store_id;
      const { item_id, page, pageSize } = req.query;
      const item = await movementItem(app.db, storeId, item_id);
      if (!item) return sendError(reply, 'NOT_FOUND');
      const period = periodOf(req.query.from, req.query.to);
      const rows = await itemMovementRows(app.db, storeId, item_id, period, { page, pageSize });
      const summary = await itemSummary(app.db, storeId, item_id, period);
      return { data: rows, total: summary.count, page, pageSize, item, summary };
    },
  );
  app.get(
    urlOf(api.itemMovementExport),
    {
      config: { permission: 'readCost' },
      schema: {
        tags,
        summary: "The item's movements of the period as a right-to-left .xlsx",
        ...schemaOf(api.itemMovementExport),
      },
    },
    async (req, reply) => {
      const storeId = sessionUser(req).store_id;
      const item = await movementItem(app.db, storeId, req.query.item_id);
      if (!item) return sendError(reply, 'NOT_FOUND');
      const period = periodOf(req.query.from, req.query.to);
      const summary = await itemSummary(app.db, storeId, item.id, period);
      const dates = period.from === undefined ? 'كل الحركات' : `من ${period.from} إلى ${period.to ?? period.from}`;
      return sendSheet(reply, {
        filename: `item-movement-${item.id}.xlsx`,
        sheetName: 'حركة الصنف',
        title: [
          `تقرير حركة الصنف: ${item.item_name}${item.part_no ? ` (${item.part_no})` : ''}`,
          dates,
          `الكمية الإفتتاحية ${summary.opening} — الواردة ${summary.incoming} — الصادرة ${summary.outgoing} — الحالية ${summary.closing}`,
        ],
        columns: movementColumns(false),
        pages: pagesOf((page, pageSize) => itemMovementRows(app.db, storeId, item.id, period, { page, pageSize })),
      });
    },
  );
  app.get(
    urlOf(api.dailyMovement),
    {
      config: { permission: 'readReports' },
      schema: { tags, summary: "Every item's movements on one date (from), paged", ...schemaOf(api.dailyMovement) },
    },
    async (req) => {
      const storeId = sessionUser(req).store_id;
      const { from, page, pageSize } = req.query;
      const rows = await dailyMovementRows(app.db, storeId, from, { page, pageSize });
      const summary = await dailySummary(app.db, storeId, from);
      return { data: rows, total: summary.count, page, pageSize, summary };
    },
  );
  app.get(
    urlOf(api.dailyMovementExport),
    {
      config: { permission: 'readReports' },
      schema: {
        tags,
        summary: "The date's movements of every item as a right-to-left .xlsx",
        ...schemaOf(api.dailyMovementExport),
      },
    },
    (req, reply) => {
      const storeId = sessionUser(req).store_id;
      const { from } = req.query;
      return sendSheet(reply, {
        filename: `daily-movement-${from}.xlsx`,
        sheetName: 'الحركة اليومية',
        title: [`الحركة اليومية للأصناف: ${from}`],
        columns: movementColumns(true),
        pages: pagesOf((page, pageSize) => dailyMovementRows(app.db, storeId, from, { page, pageSize })),
      });
    },
  );
};
