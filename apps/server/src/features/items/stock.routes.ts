/**
 * The stock reads (docs/stock-reads.md): the item-stock screen's `items/stockList`, the totals cards, and the legacy
 * `items/read*Stock*` calls with their parameter names. All of them are `stockRows` / `stockCount` / `stockTotals`
 * (stock.queries.ts) over the session's store and the request's year; they differ only in paging.
 */
import { endpoints, type StockRow } from '@mizan/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { schemaOf, urlOf } from '../../lib/endpoint.ts';
import { sendError } from '../../lib/sendError.ts';
import { sessionUser } from '../../lib/sessionUser.ts';
import { pagesOf, type SheetColumn, sendSheet } from '../../lib/sheetExport.ts';
import { isCostField } from '../../plugins/permissions.ts';
import { requestYear } from '../organisation/currentYear.ts';
import { yearContaining } from '../reports/reports.queries.ts';
import { type StockFilters, stockCount, stockRows, stockTotals, storesStock } from './stock.queries.ts';

const tags = ['items'];
const api = endpoints.itemStock;

/** The filters a stock read was sent, without its scope and paging. */
const filtersOf = (query: StockFilters & Record<string, unknown>): StockFilters => ({
  search: query.search || undefined,
  category_id: query.category_id,
  brand: query.brand || undefined,
  model: query.model || undefined,
  quantity_filter: query.quantity_filter,
  as_of: query.as_of || undefined,
});

/** The columns of the exported sheet: the screen's, in its words (screens.md section 4). */
const sheetColumns: SheetColumn<StockRow>[] = [
  { header: 'الصنف', cell: (r) => r.item_name, width: 30 },
  { header: 'اسم الصنف (English)', cell: (r) => r.item_desc },
  { header: 'اسم مستعار', cell: (r) => r.aliasEn },
  { header: 'الكود (part no)', cell: (r) => r.part_no },
  { header: 'الماركة', cell: (r) => r.brand },
  { header: 'الموديل', cell: (r) => r.model },
  { header: 'التصنيف', cell: (r) => r.category_name },
  { header: 'الوحده', cell: (r) => r.item_unit },
  { header: 'اقل كمية (MSQ)', cell: (r) => r.min_qty, kind: 'quantity' },
  { header: 'سعر الشراء', cell: (r) => r.perch_price, kind: 'money' },
  { header: 'سعر الوحده', cell: (r) => r.pay_price, kind: 'money' },
  { header: 'نسبة الفائدة', cell: (r) => r.profit, kind: 'money' },
  { header: 'المخزون', cell: (r) => r.quantity, kind: 'quantity' },
  { header: 'المجموع', cell: (r) => r.stockValuePayPrice, kind: 'money' },
  { header: 'القيمة بالتكلفة', cell: (r) => r.stockValuePerchPrice, kind: 'money' },
  { header: 'متوسط التكلفة', cell: (r) => r.avg_cost, kind: 'money' },
  { header: 'اخر عملية بيع', cell: (r) => r.lastSoldDate },
  { header: 'المخزون الإفتتاحي', cell: (r) => r.firstQuantity, kind: 'quantity' },
];

export const stockRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * The session's store and the request's year (year 1 under /api/ when none is sent, refused under /api23/); a read
   * of the stock at a day (`as_of`) is read in the year holding that day, whose breakdown it shows.
   */
  const scopeOf = async (req: FastifyRequest) => {
    const year = await requestYear(app.db, req);
    if (!year.ok) return year;
    const asOf = (req.query as { as_of?: string | null }).as_of;
    const yearId = (asOf ? (await yearContaining(app.db, asOf))?.id : undefined) ?? year.value.id;
    return { ok: true as const, storeId: sessionUser(req).store_id, yearId };
  };

  app.get(
    urlOf(api.stockList),
    {
      // Also the POS's tiles and the device's copy for selling offline, so every role reads it: a role without
      // `readCost` gets the cost fields blanked (`withoutCost`) and may not sort by them.
      config: { permission: 'signedIn' },
      schema: {
        tags,
        summary: 'The item-stock screen: items with their stock, filtered, sorted on the server, paged',
        description:
          '`quantity_filter`: `positive`, `zero`, `negative`, `below_min` (or `>0`, `=0`, `<0`); `sort`: a column of the list.',
        ...schemaOf(api.stockList),
      },
    },
    async (req, reply) => {
      const scope = await scopeOf(req);
      if (!scope.ok) return sendError(reply, scope);
      const { page, pageSize, sort, order } = req.query;
      const user = sessionUser(req);
      if (sort && isCostField(sort) && !user.permissions.includes('readCost'))
        return sendError(reply, { ok: false, code: 'PERMISSION_DENIED', missing: 'readCost' });
      const filters = filtersOf(req.query);
      const [rows, total] = await Promise.all([
        stockRows(app.db, scope.storeId, scope.yearId, filters, {
          order: { sort, order },
          limit: pageSize,
          offset: (page - 1) * pageSize,
        }),
        stockCount(app.db, scope.storeId, scope.yearId, filters),
      ]);
      return { data: rows, total, page, pageSize };
    },
  );

  app.get(
    urlOf(api.storesStock),
    {
      // Each store's stock is shown where the user has a role; its value only where that role reads costs.
      config: { permission: 'signedIn' },
      schema: {
        tags,
        summary: "One item's stock, price and minimum in every store of the user (the session store's first)",
        ...schemaOf(api.storesStock),
      },
    },
    async (req) => {
      const user = sessionUser(req);
      return { data: await storesStock(app.db, user.id, user.store_id, req.query.item_id) };
    },
  );

  app.get(
    urlOf(api.stockExport),
    {
      config: { permission: 'readCost' },
      schema: {
        tags,
        summary: "The item-stock screen's rows (its filters and order, every page) as a right-to-left .xlsx",
        ...schemaOf(api.stockExport),
      },
    },
    async (req, reply) => {
      const scope = await scopeOf(req);
      if (!scope.ok) return sendError(reply, scope);
      const { sort, order } = req.query;
      const filters = filtersOf(req.query);
      return sendSheet(reply, {
        filename: 'item-stock.xlsx',
        sheetName: 'المخزون',
        columns: sheetColumns,
        pages: pagesOf((page, pageSize) =>
          stockRows(app.db, scope.storeId, scope.yearId, filters, {
            order: { sort, order },
            limit: pageSize,
            offset: (page - 1) * pageSize,
          }),
        ),
      });
    },
  );

  app.get(
    urlOf(api.readStockTotals),
    {
      config: { permission: 'readCost' },
      schema: {
        tags,
        summary: 'The stock value at selling price and at cost (the kept sums), over the same filters as the list',
        ...schemaOf(api.readStockTotals),
      },
    },
    async (req, reply) => {
      const scope = await scopeOf(req);
      if (!scope.ok) return sendError(reply, scope);
      return { data: [await stockTotals(app.db, scope.storeId, scope.yearId, filtersOf(req.query))] };
    },
  );

  // The legacy reads of every item with its stock: one answer each, the same rows, by name.
  for (const read of [api.readStock, api.readAllStock, api.readAllStockItems, api.readStockFiltered, api.itemsView]) {
    app.get(
      urlOf(read),
      {
        config: { permission: 'readCost' },
        schema: {
          tags,
          summary: 'Every item of the store with its stock through the year (the filters of the list optional)',
          ...schemaOf(read),
        },
      },
      async (req, reply) => {
        const scope = await scopeOf(req);
        if (!scope.ok) return sendError(reply, scope);
        return { data: await stockRows(app.db, scope.storeId, scope.yearId, filtersOf(req.query)) };
      },
    );
  }

  app.get(
    urlOf(api.readStockWithPagination),
    {
      config: { permission: 'readCost' },
      schema: {
        tags,
        summary: 'Items with their stock, a page (`page` from 1, `pageSize` 20 by default) and the total',
        ...schemaOf(api.readStockWithPagination),
      },
    },
    async (req, reply) => {
      const scope = await scopeOf(req);
      if (!scope.ok) return sendError(reply, scope);
      const { page, pageSize } = req.query;
      const filters = filtersOf(req.query);
      const [rows, total] = await Promise.all([
        stockRows(app.db, scope.storeId, scope.yearId, filters, { limit: pageSize, offset: (page - 1) * pageSize }),
        stockCount(app.db, scope.storeId, scope.yearId, filters),
      ]);
      return { data: rows, total, page, pageSize };
    },
  );

  /** Rows `startrange` (0-based) up to `endrange` (excluded), at most 500, each with the list's `totalCount`. */
  const rangeOf = async (
    storeId: number,
    yearId: number,
    query: StockFilters & { startrange: number; endrange: number },
  ) => {
    const filters = filtersOf(query);
    const limit = Math.min(Math.max(query.endrange - query.startrange, 0), 500);
    const [rows, totalCount] = await Promise.all([
      limit === 0 ? [] : stockRows(app.db, storeId, yearId, filters, { limit, offset: query.startrange }),
      stockCount(app.db, storeId, yearId, filters),
    ]);
    return { rows: rows.map((row) => ({ ...row, totalCount })), filters };
  };

  app.get(
    urlOf(api.readStockInrange),
    {
      config: { permission: 'readCost' },
      schema: {
        tags,
        summary: 'Items with their stock, rows `startrange` (from 0) to `endrange` (excluded), with `totalCount`',
        ...schemaOf(api.readStockInrange),
      },
    },
    async (req, reply) => {
      const scope = await scopeOf(req);
      if (!scope.ok) return sendError(reply, scope);
      return { data: (await rangeOf(scope.storeId, scope.yearId, req.query)).rows };
    },
  );

  app.get(
    urlOf(api.readStockInRangeForStoretot),
    {
      config: { permission: 'readCost' },
      schema: {
        tags,
        summary: 'The same range, with the store totals (value at selling price and at cost) of the whole list',
        ...schemaOf(api.readStockInRangeForStoretot),
      },
    },
    async (req, reply) => {
      const scope = await scopeOf(req);
      if (!scope.ok) return sendError(reply, scope);
      const { rows, filters } = await rangeOf(scope.storeId, scope.yearId, req.query);
      return { data: rows, totals: await stockTotals(app.db, scope.storeId, scope.yearId, filters) };
    },
  );
};
