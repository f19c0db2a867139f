/** The activity log's calls (`logHistory/...`) and the journal templates' reads (`j_type`, `j_typeDetails`). */
import { dataOf } from './envelope.ts';
import { JournalTemplate, JournalTemplateAccount, TemplateQuery } from './journalTemplates.ts';
import { CreateLogsBody, LogEntry, LogPage, LogQuery } from './logHistory.ts';

export const activityEndpoints = {
  logHistory: {
    readAllByStore: { method: 'GET', path: 'logHistory/readAllByStore', query: LogQuery, response: LogPage },
    readByStore: { method: 'GET', path: 'logHistory/readByStore', query: LogQuery, response: LogPage },
    createMulti: { method: 'POST', path: 'logHistory/createMulti', body: CreateLogsBody, response: dataOf(LogEntry) },
  },
  j_type: {
    readByStore: { method: 'GET', path: 'j_type/readByStore', query: TemplateQuery, response: dataOf(JournalTemplate) },
  },
  j_typeDetails: {
    readByStoreByRef: {
      method: 'GET',
      path: 'j_typeDetails/readByStoreByRef',
      query: TemplateQuery,
      response: dataOf(JournalTemplateAccount),
    },
  },
} as const;
