/** The owner's dashboard: one read. */
import { Dashboard, DashboardQuery } from './dashboard.ts';
import { dataOf } from './envelope.ts';

export const dashboardEndpoints = {
  dashboard: {
    read: { method: 'GET', path: 'dashboard/read', query: DashboardQuery, response: dataOf(Dashboard) },
  },
} as const;
