/** What the benches that drive the app in-process share: a signed-in client and the median of five timed runs. */
import { XSRF_COOKIE, XSRF_HEADER } from '@mizan/contract';
import type { buildApp } from '../apps/server/src/app.ts';

type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * Signs in as the demo's administrator to store 1 and answers a caller of the API through `app.inject` (the real
 * HTTP layer, without a socket) that keeps its cookies and echoes the anti-forgery token. A non-200 answer throws.
 */
export async function signedInClient(app: App) {
  const cookies = new Map<string, string>();
  async function call(method: 'GET' | 'POST', url: string, body?: object, file = false) {
    const response = await app.inject({
      method,
      url,
      cookies: Object.fromEntries(cookies),
      headers: method === 'POST' ? { [XSRF_HEADER]: cookies.get(XSRF_COOKIE) ?? '' } : {},
      ...(body ? { payload: body } : {}),
    });
    for (const c of response.cookies as { name: string; value: string }[]) cookies.set(c.name, c.value);
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    return file ? response.rawPayload.length : response.json();
  }
  await call('GET', '/api/store/read');
  await call('POST', '/api/users/login', { user_name: 'admin', password: 'admin123', store_id: 1, level: 'user' });
  return call;
}

/** Prints the median of five runs, after one warm-up; `run` is told the run's number (0 for the warm-up). */
export async function time(label: string, run: (n: number) => Promise<unknown>, width = 72) {
  await run(0);
  const runs: number[] = [];
  for (let i = 1; i <= 5; i++) {
    const t = performance.now();
    await run(i);
    runs.push(performance.now() - t);
  }
  runs.sort((a, b) => a - b);
  console.log(`${label.padEnd(width)} ${(runs[2] ?? 0).toFixed(1).padStart(8)} ms`);
}
