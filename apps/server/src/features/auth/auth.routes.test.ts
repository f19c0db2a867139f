import { messagesAr, XSRF_COOKIE } from '@mizan/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { logHistory, loginFailure, session } from '../../db/schema.ts';
import { describeEachDatabase, TestClient } from '../../test/testApp.ts';

describeEachDatabase('signing in and out', (ctx) => {
  const client = (ip?: string) => new TestClient(ctx().app, ip);
  // Each test counts its own attempts: the tests of the address limit guess on one account, which has its own limit
  // (sessionLimits.routes.test.ts).
  beforeEach(async () => {
    await ctx().database.db.delete(loginFailure);
  });

  it('a correct sign-in answers the user without any password and sets an HttpOnly session cookie', async () => {
    const c = client();
    const res = await c.signIn('admin', 'admin123', 1);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ user_name: 'admin', full_name: 'مدير النظام', store_id: 1, is_admin: true });
    expect(body.data[0].id).toEqual(expect.any(Number));
    expect(JSON.stringify(body)).not.toMatch(/password|admin123|scrypt/);
    const cookie = res.cookies.find((k) => k.name === 'mizan_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const me = await c.get('/api/users/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().data[0]).toMatchObject({ user_name: 'admin', store_id: 1 });
  });

  it('the same user may sign in to the second store they are allowed', async () => {
    const res = await client().signIn('admin', 'admin123', 2);
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0].store_id).toBe(2);
  });

  it.each([
    ['a wrong password', 'admin', 'wrong-pass', 1],
    ['an unknown user', 'nobody', 'admin123', 1],
    ['a store the user may not use', 'cashier', 'cashier123', 2],
    ['a store that does not exist', 'admin', 'admin123', 99],
  ])('%s is refused with the Arabic sign-in error and no session', async (_, user, password, store) => {
    const c = client(`10.0.0.${store}${user.length}`);
    const res = await c.signIn(user, password, store);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'LOGIN_FAILED', message: 'خطأ في اسم المستخدم أو كلمة المرور' } });
    expect(c.sessionCookie).toBeUndefined();
  });

  it('empty credentials are refused as bad input with a message per field', async () => {
    const c = client('10.1.1.1');
    await c.get('/api/store/read');
    const res = await c.post('/api/users/login', { user_name: '  ', password: '', store_id: 1, level: 'user' });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(error.fields)).toEqual(expect.arrayContaining(['user_name', 'password']));
    expect(error.fields).toMatchObject({ user_name: 'REQUIRED', password: 'REQUIRED' });
  });

  it('malformed JSON is a 400 in the error shape, never a 500', async () => {
    const c = client('10.1.1.2');
    await c.get('/api/store/read');
    const res = await c.request('POST', '/api/users/login', '{"user_name":', { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('sign-in by GET (the legacy way, password in the URL) answers 405', async () => {
    const res = await client().get('/api/users/login.php?user_name=admin&password=admin123&store_id=1&level=user');
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.json().error.code).toBe('METHOD_NOT_ALLOWED');
  });

  it('a change without the anti-forgery header is refused with 403, sign-in included', async () => {
    const c = client('10.1.1.3');
    const first = await c.get('/api/store/read');
    expect(first.cookies.find((k) => k.name === XSRF_COOKIE)?.value).toMatch(/.{20,}/);
    const withoutHeader = await ctx().app.inject({
      method: 'POST',
      url: '/api/users/login',
      cookies: { [XSRF_COOKIE]: first.cookies.find((k) => k.name === XSRF_COOKIE)?.value ?? '' },
      payload: { user_name: 'admin', password: 'admin123', store_id: 1, level: 'user' },
    });
    expect(withoutHeader.statusCode).toBe(403);
    expect(withoutHeader.json().error).toEqual({ code: 'XSRF_MISSING', message: messagesAr.XSRF_MISSING });
    const wrongHeader = await c.request(
      'POST',
      '/api/users/login',
      { user_name: 'admin', password: 'admin123', store_id: 1 },
      { 'x-xsrf-token': 'forged' },
    );
    expect(wrongHeader.statusCode).toBe(403);
    expect((await c.signIn()).statusCode).toBe(200);
  });

  it('ten failed sign-ins from one address within a minute lock it out with 429, other addresses go on', async () => {
    const attacker = client('192.0.2.10');
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await attacker.signIn('admin', `guess-${attempt}`)).statusCode).toBe(401);
    }
    const locked = await attacker.signIn('admin', 'admin123');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('TOO_MANY_ATTEMPTS');
    expect((await client('192.0.2.11').signIn('admin', 'admin123')).statusCode).toBe(200);
  });

  it('forty wrong passwords at once: at most ten are checked, the rest are refused with 429', async () => {
    const attacker = client('192.0.2.20');
    await attacker.get('/api/store/read');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => attacker.signIn('admin', `parallel-guess-${i}`)),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(30);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    // Locked for the rest of the minute, the right password included.
    expect((await attacker.signIn('admin', 'admin123')).statusCode).toBe(429);
  });

  it('a right password within the limit signs in, even among wrong ones sent at the same time', async () => {
    const shop = client('192.0.2.21');
    await shop.get('/api/store/read');
    const [right, ...wrong] = await Promise.all([
      shop.signIn('keeper', 'keeper123', 2),
      ...Array.from({ length: 5 }, (_, i) => shop.signIn('keeper', `typo-${i}`, 2)),
    ]);
    expect(right?.statusCode).toBe(200);
    expect(wrong.map((r) => r.statusCode)).toEqual(Array(5).fill(401));
  });

  it('a successful sign-in does not wipe the failures before it: the limit still counts them', async () => {
    const c = client('192.0.2.22');
    for (let attempt = 1; attempt <= 9; attempt++) {
      expect((await c.signIn('admin', `guess-${attempt}`)).statusCode).toBe(401);
    }
    expect((await c.signIn('admin', 'admin123')).statusCode).toBe(200);
    const afterSuccess = await Promise.all(Array.from({ length: 10 }, (_, i) => c.signIn('admin', `more-${i}`)));
    expect(afterSuccess.filter((r) => r.statusCode === 401).length).toBe(1);
    expect(afterSuccess.filter((r) => r.statusCode === 429).length).toBe(9);
  });

  it('sign-in and sign-out are written to logHistory, and after sign-out the session no longer works', async () => {
    const { db } = ctx().database;
    const c = client('10.2.2.2');
    const signedIn = await c.signIn('cashier', 'cashier123', 1);
    const userId = signedIn.json().data[0].id;
    expect((await c.post('/api/users/logout')).statusCode).toBe(200);
    expect(c.sessionCookie).toBeUndefined();
    const rows = await db.select().from(logHistory).where(eq(logHistory.user_id, userId));
    expect(rows.map((r) => r.typee)).toEqual(['login', 'logout']);
    expect(rows.every((r) => r.store_id === 1)).toBe(true);
    expect((await c.get('/api/users/me')).statusCode).toBe(401);
  });

  it('a stolen cookie is useless after sign-out: the session is deleted on the server', async () => {
    const c = client('10.2.2.3');
    await c.signIn();
    const token = c.sessionCookie ?? '';
    await c.post('/api/users/logout');
    const replay = await ctx().app.inject({ method: 'GET', url: '/api/users/me', cookies: { mizan_session: token } });
    expect(replay.statusCode).toBe(401);
  });

  it('an expired session is answered 401 NOT_SIGNED_IN', async () => {
    const c = client('10.2.2.4');
    await c.signIn();
    await ctx().database.db.update(session).set({ expires_at: sql`now() - interval '1 minute'` });
    const res = await c.get('/api/company/read');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('NOT_SIGNED_IN');
  });
});
