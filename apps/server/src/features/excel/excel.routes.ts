import { endpoints, fail, type ImportResult, ok, type Result } from '@mizan/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { schemaOf, urlOf } from '../../lib/endpoint.ts';
import { sendError } from '../../lib/sendError.ts';
import { sessionUser } from '../../lib/sessionUser.ts';
import { pagesOf, sendSheet } from '../../lib/sheetExport.ts';
import { type ListedItem, listItems } from '../items/items.queries.ts';
import { requestYear } from '../organisation/currentYear.ts';
import {
  applyItemSheet,
  applyOpeningSheet,
  type ImportPreview,
  previewItemSheet,
  previewOpeningSheet,
} from './itemImport.service.ts';
import { itemColumns, openingColumns } from './itemSheet.rules.ts';
import { MAX_SHEET_BYTES, refuseSheet, sheetRefusals } from './sheetLimits.ts';
import { writeSheet, XLSX_TYPE } from './sheetValues.ts';

const tags = ['excel'];
const sheets = endpoints.uploadXsl;
/** The item list's export: the import sheet's columns (so an exported list can be edited and imported back). */
const exportedItemFields = [
  'item_name',
  'item_desc',
  'aliasEn',
  'part_no',
  'item_parcode',
  'brand',
  'model',
  'item_unit',
  'min_qty',
  'perch_price',
  'pay_price',
  'tax',
  'category_name',
] as const;
const numericItemFields = new Set<string>(['min_qty', 'perch_price', 'pay_price', 'tax']);

/**
 * The uploaded sheet, whatever its field name (legacy clients send "avatar", newer ones "file"), refused in Arabic
 * when it is missing or larger than `MAX_SHEET_BYTES`.
 */
async function uploadedSheet(req: FastifyRequest): Promise<Result<Buffer>> {
  const file = await req.file({ limits: { fileSize: MAX_SHEET_BYTES, files: 1 } });
  if (!file) return fail('VALIDATION_FAILED', { file: 'FILE_REQUIRED' });
  try {
    return ok(await file.toBuffer());
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return refuseSheet(sheetRefusals.tooLarge);
    throw error;
  }
}

function sendXlsx(reply: FastifyReply, filename: string, bytes: Buffer) {
  return reply.type(XLSX_TYPE).header('content-disposition', `attachment; filename="${filename}"`).send(bytes);
}

function answer<T>(reply: FastifyReply, result: Result<ImportPreview<T> | ImportResult>) {
  if (!result.ok) return sendError(reply, result);
  const value = result.value;
  if (!('rows' in value)) return { data: [value] };
  return { data: value.rows, valid: value.valid, invalid: value.invalid, unlisted: value.unlisted };
}

export const excelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    urlOf(sheets.items),
    {
      config: { permission: 'imports' },
      schema: {
        tags,
        summary:
          'Import items from .xlsx (multipart). With ?preview=1 only checks every row; otherwise saves the valid rows',
        description:
          'Items are added, or updated when their code (part_no) exists in the store (administrators only: for ' +
          'others a sheet that would update an item is refused with 403). Opening quantities in the sheet go into ' +
          'the request year (fq_year, yearId or year_id). At most 10 MB, 200 MB unpacked and 50,000 rows.',
        ...schemaOf(sheets.items),
      },
    },
    async (req, reply) => {
      const sheet = await uploadedSheet(req);
      if (!sheet.ok) return sendError(reply, sheet);
      const user = sessionUser(req);
      if (req.query.preview) return answer(reply, await previewItemSheet(app.db, user, sheet.value));
      const year = await requestYear(app.db, req);
      return answer(reply, year.ok ? await applyItemSheet(app.db, user, sheet.value, year.value.id) : year);
    },
  );

  app.post(
    urlOf(sheets.openingQuantities),
    {
      config: { permission: 'imports' },
      schema: {
        tags,
        summary:
          'Import opening quantities from .xlsx (multipart) into the store and year (fq_year, yearId or year_id): ' +
          'sets those of the items it lists, all or nothing',
        description:
          'The year’s openings of items the sheet does not list are left alone; with clearUnlisted=1 they are ' +
          'cleared. The preview (?preview=1) counts them in `unlisted`. At most 10 MB, 200 MB unpacked and 50,000 rows.',
        ...schemaOf(sheets.openingQuantities),
      },
    },
    async (req, reply) => {
      const sheet = await uploadedSheet(req);
      if (!sheet.ok) return sendError(reply, sheet);
      const user = sessionUser(req);
      const year = await requestYear(app.db, req);
      if (!year.ok) return sendError(reply, year);
      if (req.query.preview)
        return answer(reply, await previewOpeningSheet(app.db, user.store_id, sheet.value, year.value.id));
      return answer(
        reply,
        await applyOpeningSheet(app.db, user, sheet.value, year.value.id, req.query.clearUnlisted === true),
      );
    },
  );

  app.get(
    urlOf(endpoints.items.importTemplate),
    {
      config: { permission: 'imports' },
      schema: { tags, summary: 'An empty item sheet with its columns and one example row' },
    },
    async (_req, reply) => {
      const example = [
        'زيت محرك 5W30',
        'Engine oil 5W30',
        '',
        'OIL-530',
        '6281000000017',
        'Shell',
        'Helix',
        'لتر',
        5,
        1200,
        1500,
        0,
        '',
        10,
      ];
      return sendXlsx(reply, 'items-template.xlsx', await writeSheet('الأصناف', Object.values(itemColumns), [example]));
    },
  );
  app.get(
    urlOf(endpoints.firstq.importTemplate),
    {
      config: { permission: 'imports' },
      schema: { tags, summary: 'An empty opening-quantity sheet with its columns' },
    },
    async (_req, reply) => {
      return sendXlsx(
        reply,
        'opening-quantities-template.xlsx',
        await writeSheet('الكميات الافتتاحية', Object.values(openingColumns), [
          ['OIL-530', 'زيت محرك 5W30', 10, 1200, 1500],
        ]),
      );
    },
  );

  app.get(
    urlOf(endpoints.items.export),
    {
      config: { permission: 'readCost' },
      schema: {
        tags,
        summary: 'The item list (same filters as items/read, all pages) as a right-to-left .xlsx',
        ...schemaOf(endpoints.items.export),
      },
    },
    (req, reply) => {
      const storeId = sessionUser(req).store_id;
      return sendSheet(reply, {
        filename: 'items.xlsx',
        sheetName: 'الأصناف',
        columns: exportedItemFields.map((field) => ({
          header: itemColumns[field],
          cell: (item: ListedItem) => item[field],
          kind: numericItemFields.has(field) ? ('quantity' as const) : ('text' as const),
        })),
        pages: pagesOf(
          async (page, pageSize) => (await listItems(app.db, storeId, { ...req.query, page, pageSize })).rows,
        ),
      });
    },
  );
};
