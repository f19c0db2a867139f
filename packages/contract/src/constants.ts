/**
 * Constants the app shell needs at start-up, kept free of zod so the first load of the web app does not carry
 * the schema library (screens that validate load it lazily).
 */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

/** The year that selects the primary API base `/api/`; every other year uses `/api23/` (seed section 4). */
export const PRIMARY_YEAR_ID = 1;
export const apiBaseForYear = (yearId: number): '/api/' | '/api23/' =>
  yearId === PRIMARY_YEAR_ID ? '/api/' : '/api23/';

/**
 * The walk-in customer account every store gets (accounts.defaults on the server): a new sale starts on it
 * (screens.md), and the web finds it by these values. Data the server stores, not a text of the interface.
 */
export const WALK_IN_CUSTOMER = { ac_id: 1, sub_name: 'عميل نقدي', sub_code: '101' } as const;

/**
 * Whether an account is the walk-in customer, as the server and the screens both tell it: a customer under that
 * name. A sale to him is a cash sale (issue 21): nothing may stay owed on him. An account renamed is a named one.
 */
export const isWalkInCustomer = (account: { ac_id: number; sub_name: string }) =>
  account.ac_id === WALK_IN_CUSTOMER.ac_id && account.sub_name === WALK_IN_CUSTOMER.sub_name;

/** Class ids of the shared chart that legacy clients use: `ac_id` 1 customers, 2 suppliers. */
export const CUSTOMERS_CLASS = 1;
export const SUPPLIERS_CLASS = 2;
