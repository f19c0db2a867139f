import { XSRF_COOKIE } from '@mizan/contract';
import { expect, it } from 'vitest';
import { describeEachDatabase, TestClient } from '../test/testApp.ts';

/**
 * The ways one route's path can be written: the router may decode or fold them onto the route, so the session
 * check must not depend on how the path was spelled.
 */
function spellings(url: string): string[] {
  const rest = url.slice('/api/'.length);
  const encodeFirst = (s: string) => `%${s.charCodeAt(0).toString(16)}${s.slice(1)}`;
  return [
    url,
    `/%61pi/${rest}`,
    `/%41PI/${rest}`,
    `/ap%69/${rest}`,
    `/api/${encodeFirst(rest)}`,
    `/api/${rest.replace('/', '%2F')}`,
    `/api/${rest.replace('/', '%2f')}`,
    `/api%2F${rest}`,
    `//api/${rest}`,
    `/api//${rest}`,
    `/API/${rest}`,
    `/Api/${rest.toUpperCase()}`,
    `/api/${rest}/`,
    `/api/./${rest}`,
    `/api/x/../${rest}`,
    `/api/${rest}.php`,
    `/api/${rest}.ph%70`,
    `/api/${rest}%2Ephp`,
    `/api23/${rest}`,
    `/%61pi23/${rest}`,
    `/api2%33/${rest}.php`,
    `/api/${rest};x`,
    `/api/${rest}%00`,
    `/api/${rest}#x`,
  ];
}

describeEachDatabase('every guarded route refuses a caller without a session, however its path is spelled', (ctx) => {
  it('no spelling of a guarded path answers anything but 401, 403, 404 or 405 without a session', async () => {
    const { app } = ctx();
    const guarded = app.apiRoutes.filter((r) => !r.public);
    expect(guarded.length).toBeGreaterThan(100);
    const c = new TestClient(app, '10.9.9.9');
    await c.get('/api/store/read');
    const leaks: string[] = [];
    for (const route of guarded) {
      for (const url of spellings(route.url)) {
        const res = await c.request(
          route.method as 'GET' | 'POST',
          `${url}?store_id=1`,
          route.method === 'GET' ? undefined : {},
        );
        if (![401, 403, 404, 405].includes(res.statusCode)) leaks.push(`${route.method} ${url} → ${res.statusCode}`);
      }
    }
    expect(leaks).toEqual([]);
  }, 120_000);

  it('the company details, asked for with an encoded path, are refused with 401', async () => {
    const c = new TestClient(ctx().app, '10.9.9.8');
    const res = await c.get('/%61pi/company/read');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('NOT_SIGNED_IN');
  });

  it('a change on an encoded path without the anti-forgery token is refused', async () => {
    const { app } = ctx();
    const c = new TestClient(app, '10.9.9.7');
    await c.signIn();
    const res = await app.inject({
      method: 'POST',
      url: '/%61pi/item_categories/create',
      cookies: { mizan_session: c.sessionCookie ?? '' },
      payload: { store_id: 1, category_name: 'مسروقة' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.cookies.find((k) => k.name === XSRF_COOKIE)).toBeDefined();
  });
});

describeEachDatabase('the anti-forgery token is bound to the session', (ctx) => {
  const xsrfOf = (res: { cookies: { name: string; value: string }[] }) =>
    res.cookies.find((k) => k.name === XSRF_COOKIE)?.value;
  const change = (session: string, xsrfCookie: string | undefined, xsrfHeader: string | undefined) =>
    ctx().app.inject({
      method: 'POST',
      url: '/api/item_categories/create',
      cookies: { mizan_session: session, ...(xsrfCookie ? { [XSRF_COOKIE]: xsrfCookie } : {}) },
      headers: xsrfHeader ? { 'x-xsrf-token': xsrfHeader } : {},
      payload: { store_id: 1, category_name: `صنف ${Math.random()}` },
    });

  it('sign-in takes the token handed out before any session, then replaces it with the session’s own', async () => {
    const c = new TestClient(ctx().app, '10.8.0.1');
    const first = await c.get('/api/store/read');
    const before = xsrfOf(first) ?? '';
    expect(before).toMatch(/.{20,}/);
    const signedIn = await c.signIn();
    expect(signedIn.statusCode).toBe(200);
    const after = xsrfOf(signedIn) ?? '';
    expect(after).toMatch(/.{20,}/);
    expect(after).not.toBe(before);
    const session = c.sessionCookie ?? '';
    // The token from before sign-in, even echoed in cookie and header alike, no longer passes.
    expect((await change(session, before, before)).statusCode).toBe(403);
    expect((await change(session, after, after)).statusCode).toBe(200);
    // The session's token is what counts: the cookie alone without the header is refused.
    expect((await change(session, after, undefined)).statusCode).toBe(403);
  });

  it('a token from another session, or none, is refused with 403', async () => {
    const alice = new TestClient(ctx().app, '10.8.0.2');
    const bob = new TestClient(ctx().app, '10.8.0.3');
    const aliceToken = xsrfOf(await alice.signIn()) ?? '';
    const bobToken = xsrfOf(await bob.signIn()) ?? '';
    expect(aliceToken).not.toBe(bobToken);
    const bobSession = bob.sessionCookie ?? '';
    const forged = await change(bobSession, aliceToken, aliceToken);
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.code).toBe('XSRF_MISSING');
    expect((await change(bobSession, undefined, undefined)).statusCode).toBe(403);
    expect((await change(bobSession, bobToken, bobToken)).statusCode).toBe(200);
  });

  it('sign-out hands out a fresh token that is not the ended session’s', async () => {
    const c = new TestClient(ctx().app, '10.8.0.4');
    const inToken = xsrfOf(await c.signIn());
    const out = await c.post('/api/users/logout');
    expect(out.statusCode).toBe(200);
    const outToken = xsrfOf(out);
    expect(outToken).toMatch(/.{20,}/);
    expect(outToken).not.toBe(inToken);
    expect((await c.signIn()).statusCode).toBe(200);
  });
});
