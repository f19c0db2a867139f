import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, TestClient } from '../test/testApp.ts';

/** Everything the server logs during the tests of this file, one JSON line each. */
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

const SECRET_HASH = 'scrypt$16384$8$1$c2VjcmV0LXNhbHQ$SECRETHASHdeadbeef';
const CUSTOMER = 'SecretCustomerName';

/** The secret as it might appear in a log line: as written, percent-encoded, or JSON-escaped. */
const forms = (secret: string) => [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)];

describeEachDatabase(
  'logs carry no parameters, bodies, hashes or secrets',
  (ctx) => {
    it('a failing query is logged without its parameters, and answered with the generic 500', async () => {
      logLines.length = 0;
      const c = new TestClient(ctx().app, '10.7.0.1');
      await c.signIn();
      const res = await c.get('/api/test/failing-query');
      expect(res.statusCode).toBe(500);
      const errors = logLines.filter((line) => line.includes('"level":50'));
      expect(errors.length).toBeGreaterThanOrEqual(1);
      // What helps to find the fault stays: the database's error code and where in the code it was thrown.
      expect(errors.join('\n')).toMatch(/42P01/);
      // A value the database refuses is the caller's (400), and is logged as a warning: without the value too.
      const refused = await c.get('/api/test/refused-value');
      expect(refused.statusCode).toBe(400);
      expect(logLines.filter((line) => line.includes('"level":40')).join('\n')).toMatch(/22P02/);
      const all = logLines.join('\n');
      for (const secret of [SECRET_HASH, CUSTOMER, 'SECRETHASH']) {
        for (const form of forms(secret)) expect(all).not.toContain(form);
      }
      expect(all).not.toMatch(/params:/i);
    });

    it('secrets in the query of any address, in any encoding, are never logged; the route pattern is', async () => {
      logLines.length = 0;
      const { app } = ctx();
      const c = new TestClient(app, '10.7.0.2');
      const secrets = ['Leak0ne', 'LeakTwo', 'LeakThree', 'LeakFour', 'LeakFive', 'LeakSix', 'LeakSeven'];
      const urls = [
        `/api/users/login.php?user_name=admin&pass%77ord=${secrets[0]}&store_id=1`,
        `/api23/company/read.php?password=${secrets[1]}`,
        `/%61pi/company/read?%70assword=${secrets[2]}`,
        `/api/nothing/here?p%61ssword=${secrets[3]}`,
        `/folder/sales?token=${secrets[4]}`,
        `/api/store/read?x=%4C%65%61%6B%53%69%78&y=${encodeURIComponent(secrets[5] ?? '')}`,
      ];
      for (const url of urls) await c.get(url);
      await c.signIn('admin', secrets[6]);
      await c.request('POST', '/api/users/login', `{"user_name":"admin","password":"${secrets[6]}"`, {
        'content-type': 'application/json',
      });
      const all = logLines.join('\n');
      expect(all).toContain('incoming request');
      expect(all).toContain('/api/users/login');
      expect(all).toContain('/api/company/read');
      for (const secret of secrets) {
        for (const form of forms(secret)) expect(all).not.toContain(form);
      }
      expect(all).not.toMatch(/%4C%65%61%6B/i);
      expect(all).not.toMatch(/password|pass%77ord|cookie|mizan_session|XSRF/i);
    });
  },
  {
    log: { level: 'trace', stream: logStream },
    routes: (app) => {
      app.get('/api/test/failing-query', { config: { permission: 'signedIn' } }, async () => {
        // A statement with a customer's name and a password hash as parameters that fails in the database.
        await app.db.execute(sql`select ${CUSTOMER}::text as name, ${SECRET_HASH}::text as hash from no_such_table`);
        return { data: [] };
      });
      app.get('/api/test/refused-value', { config: { permission: 'signedIn' } }, async () => {
        await app.db.execute(sql`select ${CUSTOMER}::text as name, ${SECRET_HASH}::integer as hash`);
        return { data: [] };
      });
    },
  },
);
