import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describeEachDatabase, TestClient } from '../test/testApp.ts';

const webDist = mkdtempSync(join(tmpdir(), 'mizan-web-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><html lang="ar" dir="rtl"><title>ميزان</title></html>');

/** The content security policy as a map from directive to its sources. */
function policy(header: string | string[] | number | undefined): Map<string, string[]> {
  const directives = String(header ?? '')
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .filter((parts) => parts[0]);
  return new Map(directives.map(([name = '', ...sources]) => [name, sources]));
}

describeEachDatabase(
  'security headers',
  (ctx) => {
    it.each([
      ['the web app page', '/folder/sales'],
      ['the root', '/'],
      ['an API answer', '/api/store/read'],
      ['an API refusal', '/api/company/read'],
      ['an unknown address', '/api/nothing'],
    ])('%s carries the content security policy, nosniff and the referrer policy', async (_, url) => {
      const res = await new TestClient(ctx().app).get(url);
      const csp = policy(res.headers['content-security-policy']);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      // The shop reaches the server over plain HTTP on its network: upgrading requests would break every asset.
      expect(csp.has('upgrade-insecure-requests')).toBe(false);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-frame-options']).toBe('DENY');
    });

    it('what the web app needs stays allowed: inline styles (Ionic), logo and download blobs, its worker', async () => {
      const res = await new TestClient(ctx().app).get('/folder/sales');
      const csp = policy(res.headers['content-security-policy']);
      expect(csp.get('style-src')).toEqual(expect.arrayContaining(["'self'", "'unsafe-inline'"]));
      expect(csp.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
      expect(csp.get('worker-src')).toEqual(["'self'"]);
      expect(csp.get('connect-src')).toEqual(expect.arrayContaining(["'self'"]));
    });
  },
  { webDist },
);
