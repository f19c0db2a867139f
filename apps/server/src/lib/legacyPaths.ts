/**
 * Legacy clients call `/api/items/read.php` and, for accounting years other than 1, `/api23/items/read.php`
 * (one PHP copy per year). Both bases reach the same routes over the same data, scoped by `yearId`/`year_id`,
 * so the suffix and the secondary base are folded into one canonical path before routing.
 */
export function toCanonicalUrl(url: string): string {
  const queryAt = url.indexOf('?');
  let path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt);
  if (path === '/api23' || path.startsWith('/api23/')) path = `/api${path.slice('/api23'.length)}`;
  if (path.startsWith('/api/') && path.endsWith('.php')) path = path.slice(0, -'.php'.length);
  return path + query;
}

const secondaryBaseCalls = new WeakSet<object>();

/**
 * Remembers that a request arrived under `/api23/` before `toCanonicalUrl` folds the base away: a year-scoped call
 * without a year is refused there, while under `/api/` it means year 1 (see organisation/currentYear.ts).
 */
export function rememberApiBase(raw: { url?: string | undefined }) {
  const path = (raw.url ?? '').split('?')[0] ?? '';
  let decoded = path;
  try {
    // A percent-encoded base (`/%61pi23/`) is the same base once the router decodes it.
    decoded = decodeURIComponent(path);
  } catch {
    // Not valid percent-encoding: the router refuses it anyway.
  }
  if (decoded === '/api23' || decoded.startsWith('/api23/')) secondaryBaseCalls.add(raw);
}

/** Whether the request (its raw Node request) was sent to the secondary base `/api23/`. */
export const calledSecondaryBase = (raw: object) => secondaryBaseCalls.has(raw);
