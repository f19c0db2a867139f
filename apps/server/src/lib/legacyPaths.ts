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

/** The URL as it may be written to a log: a password sent in the query (legacy GET sign-in) is masked. */
export function redactUrl(url: string): string {
  return url.replace(/([?&]password=)[^&]*/gi, '$1***');
}
