/**
 * The endpoint table: method, path and schemas of every call the web app makes, one group per path prefix. Each
 * family or feature keeps its calls in its own `*.endpoints.ts` beside its schemas; this table only gathers them.
 * The server registers these routes with these schemas (so it validates what the web app is typed by); the web app
 * calls them through `routes.ts`, written from this table by `npm run routes`. Legacy clients' other routes are
 * the server's alone.
 */
import { accountsEndpoints } from './accounts.endpoints.ts';
import { activityEndpoints } from './activity.endpoints.ts';
import { backupEndpoints } from './backup.endpoints.ts';
import { categoriesEndpoints } from './categories.endpoints.ts';
import { consolidatedEndpoints } from './consolidated.endpoints.ts';
import { dashboardEndpoints } from './dashboard.endpoints.ts';
import type { EndpointGroups } from './endpoint.ts';
import { itemMovementEndpoints } from './itemMovement.endpoints.ts';
import { itemsEndpoints } from './items.endpoints.ts';
import { journalEndpoints } from './journal.endpoints.ts';
import { openingStockEndpoints } from './openingStock.endpoints.ts';
import { organisationEndpoints } from './organisation.endpoints.ts';
import { permissionsEndpoints } from './permissions.endpoints.ts';
import { priceListsEndpoints } from './priceLists.endpoints.ts';
import { reportsEndpoints } from './reports.endpoints.ts';
import { returnsEndpoints } from './returns.endpoints.ts';
import { shiftsEndpoints } from './shifts.endpoints.ts';
import { stockEndpoints } from './stock.endpoints.ts';
import { stockCountEndpoints } from './stockCount.endpoints.ts';
import { deviceSalesEndpoints, tradeEndpoints } from './trade.endpoints.ts';
import { transfersEndpoints } from './transfers.endpoints.ts';
import { vatEndpoints } from './vat.endpoints.ts';
import { vouchersEndpoints } from './vouchers.endpoints.ts';

export const endpoints = {
  ...organisationEndpoints,
  ...categoriesEndpoints,
  ...itemsEndpoints,
  ...stockEndpoints,
  ...openingStockEndpoints,
  ...accountsEndpoints,
  ...tradeEndpoints,
  ...deviceSalesEndpoints,
  ...returnsEndpoints,
  ...journalEndpoints,
  ...stockCountEndpoints,
  ...reportsEndpoints,
  ...activityEndpoints,
  ...itemMovementEndpoints,
  ...vouchersEndpoints,
  ...vatEndpoints,
  ...permissionsEndpoints,
  ...backupEndpoints,
  ...dashboardEndpoints,
  ...consolidatedEndpoints,
  ...transfersEndpoints,
  ...shiftsEndpoints,
  ...priceListsEndpoints,
} as const satisfies EndpointGroups;

// A group two tables both name would keep only the last one's endpoints in the spread above, silently.
const groupsOfTables = [
  organisationEndpoints,
  categoriesEndpoints,
  itemsEndpoints,
  stockEndpoints,
  openingStockEndpoints,
  accountsEndpoints,
  tradeEndpoints,
  deviceSalesEndpoints,
  returnsEndpoints,
  journalEndpoints,
  stockCountEndpoints,
  reportsEndpoints,
  activityEndpoints,
  itemMovementEndpoints,
  vouchersEndpoints,
  vatEndpoints,
  permissionsEndpoints,
  backupEndpoints,
  dashboardEndpoints,
  consolidatedEndpoints,
  shiftsEndpoints,
  transfersEndpoints,
  priceListsEndpoints,
].flatMap((table) => Object.keys(table));
const named = new Set<string>();
for (const group of groupsOfTables) {
  if (named.has(group)) throw new Error(`the endpoint group "${group}" is named by two *.endpoints.ts tables`);
  named.add(group);
}
