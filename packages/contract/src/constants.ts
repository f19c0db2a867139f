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
