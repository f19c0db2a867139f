import { type LogEntry, logActionsAr, routes } from '@mizan/contract';
import { useState } from 'react';
import { DateField } from '../../ui/DateField.tsx';
import { ExportButton } from '../../ui/ExportButton.tsx';
import { Page } from '../../ui/Page.tsx';
import { type Column, DataTable } from '../../ui/table/DataTable.tsx';
import { useDebounced } from '../../ui/useDebounced.ts';
import { useSession } from '../auth/AuthProvider.tsx';
import { useStoreUsers } from '../settings/useSettings.ts';
import { reportsText } from './reportsText.ts';
import { useActivity } from './useReports.ts';

const text = reportsText.activity;
const columns: Column<LogEntry>[] = [
  { id: 'when', header: text.when, cell: (e) => <bdi className="num">{e.datee}</bdi> },
  { id: 'what', header: text.what, testId: 'activity-text', cell: (e) => e.text },
];

/**
 * User activity (folder/user-activity): every logged action as one Arabic sentence, newest first, pages from the
 * server, searched in its words and filtered by action and by day.
 */
export default function ActivityPage({ title }: { title: string }) {
  const { storeId } = useSession();
  const [filters, setFilters] = useState({ search: '', user_id: '', typee: '', from: '', to: '' });
  const search = useDebounced(filters.search, 300);
  const { query, rows, paging } = useActivity(storeId, { ...filters, search });
  // Only an administrator may list the users; anyone else filters by words, action and day.
  const users = useStoreUsers(storeId).data;
  return (
    <Page title={title}>
      <div className="invoice-header">
        <div className="field">
          <label htmlFor="activity-search">{text.search}</label>
          <input
            id="activity-search"
            className="plain-input"
            data-testid="activity-search"
            value={filters.search}
            onChange={(e) => setFilters({ ...filters, search: e.target.value })}
          />
        </div>
        {users && (
          <div className="field">
            <label htmlFor="activity-user">{text.user}</label>
            <select
              id="activity-user"
              className="plain-input"
              value={filters.user_id}
              onChange={(e) => setFilters({ ...filters, user_id: e.target.value })}
            >
              <option value="">{text.all}</option>
              {users.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.full_name}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="field">
          <label htmlFor="activity-action">{text.action}</label>
          <select
            id="activity-action"
            className="plain-input"
            value={filters.typee}
            onChange={(e) => setFilters({ ...filters, typee: e.target.value })}
          >
            <option value="">{text.all}</option>
            {Object.entries(logActionsAr).map(([action, words]) => (
              <option key={action} value={action}>
                {words}
              </option>
            ))}
          </select>
        </div>
        <DateField
          label={reportsText.from}
          value={filters.from}
          onChange={(from) => setFilters({ ...filters, from })}
        />
        <DateField label={reportsText.to} value={filters.to} onChange={(to) => setFilters({ ...filters, to })} />
      </div>
      <div className="toolbar-row">
        <ExportButton
          route={routes.reports.activityExport}
          filename="activity.xlsx"
          input={{
            query: {
              store_id: storeId,
              search: search.trim() || undefined,
              user_id: filters.user_id || undefined,
              typee: filters.typee || undefined,
              from: filters.from || undefined,
              to: filters.to || undefined,
            },
          }}
        />
      </div>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(e) => e.id}
        testId="activity"
        empty={text.empty}
        loading={query.isLoading}
        paging={paging}
      />
    </Page>
  );
}
