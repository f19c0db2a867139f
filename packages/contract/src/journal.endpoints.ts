/**
 * The journal's calls that the web app makes (`journal/...`). The legacy three-call save (`journal/create`, `jdetails_*\/createMulti`, their updates and
 * deletes) and the line reads are the server's alone.
 */
import { z } from 'zod';
import { dataOf } from './envelope.ts';
import {
  CreateJournalBody,
  DeleteJournalBody,
  Journal,
  JournalIdQuery,
  JournalListQuery,
  JournalWithLines,
  UpdateJournalBody,
} from './journal.ts';

const SavedJournal = dataOf(JournalWithLines);
const JournalList = dataOf(Journal);
const list = <R extends string, Q extends z.ZodType>(read: R, query: Q) =>
  ({ method: 'GET', path: `journal/${read}`, query, response: JournalList }) as const;

export const journalEndpoints = {
  journal: {
    createWithItems: {
      method: 'POST',
      path: 'journal/createWithItems',
      body: CreateJournalBody,
      response: SavedJournal,
    },
    updateWithItems: {
      method: 'POST',
      path: 'journal/updateWithItems',
      body: UpdateJournalBody,
      response: SavedJournal,
    },
    deleteWithItems: {
      method: 'POST',
      path: 'journal/deleteWithItems',
      body: DeleteJournalBody,
      response: dataOf(z.object({ j_id: z.number().int() })),
    },
    /** One journal with its lines (both sides). */
    read_single: { method: 'GET', path: 'journal/read_single', query: JournalIdQuery, response: SavedJournal },
    getTopSales: list('getTopSales', JournalListQuery),
    getSalesByDate: list('getSalesByDate', JournalListQuery.required({ from: true })),
    getSales2Date: list('getSales2Date', JournalListQuery.required({ from: true, to: true })),
  },
} as const;
