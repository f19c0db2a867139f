import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import {
  expectNoServerError,
  FUZZ_TIMEOUT,
  type FuzzRoute,
  fuzzRoutes,
  mutate,
  randomRequests,
  send,
  sendKnownBadInput,
  signedInAdmin,
} from '../fuzz.ts';
import { describeEachDatabase, multipartFile, TestClient } from '../testApp.ts';

const uploadPaths = ['/api/uploadXsl', '/api/uploadXslFristq', '/api/company/uploadLogo'];

/** A raw request over a real socket: what a client sees when Node itself refuses the request (header limits). */
function rawRequest(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describeEachDatabase('fuzz: Excel uploads, sign-in and the HTTP layer', (ctx) => {
  it(
    'a multipart upload cut short, without a boundary or of another content type is a 4xx in Arabic',
    async () => {
      const client = await signedInAdmin(ctx().app);
      const whole = multipartFile(
        'file',
        'items.xlsx',
        'application/octet-stream',
        Buffer.from('PK\u0003\u0004 not a sheet'),
      );
      const boundary = whole.headers['content-type'];
      const route = (path: string): FuzzRoute => ({
        method: 'POST',
        path,
        query: {},
        body: undefined,
        multipart: true,
      });
      const attempts: { body: string | Buffer; contentType: string }[] = [
        { body: whole.payload.subarray(0, 30), contentType: boundary },
        { body: whole.payload.subarray(0, whole.payload.length - 10), contentType: boundary },
        { body: whole.payload, contentType: 'multipart/form-data' },
        { body: whole.payload, contentType: 'multipart/form-data; boundary=' },
        { body: whole.payload, contentType: 'multipart/form-data; boundary=other' },
        { body: '', contentType: boundary },
        { body: '{}', contentType: 'application/json' },
        { body: 'نص', contentType: 'text/plain' },
        { body: 'a=1', contentType: 'application/x-www-form-urlencoded' },
        { body: whole.payload, contentType: 'application/octet-stream' },
        { body: whole.payload, contentType: 'image/png' },
      ];
      for (const path of uploadPaths) {
        for (const { body, contentType } of attempts) {
          const response = await client.request('POST', path, body, { 'content-type': contentType });
          expectNoServerError({
            status: response.statusCode,
            json: (() => {
              try {
                return response.json();
              } catch {
                return undefined;
              }
            })(),
            text: response.body,
            description: `POST ${path} (${contentType}, ${body.length} bytes) → ${response.statusCode} ${response.body.slice(0, 300)}`,
          });
        }
      }
      // Random cuts and random bytes.
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...uploadPaths),
          fc.nat(whole.payload.length),
          fc.uint8Array({ maxLength: 200 }),
          async (path, cut, noise) => {
            const body = Buffer.concat([whole.payload.subarray(0, cut), Buffer.from(noise)]);
            const response = await client.request('POST', path, body, { 'content-type': boundary });
            let json: unknown;
            try {
              json = response.json();
            } catch {}
            expectNoServerError({
              status: response.statusCode,
              json,
              text: response.body,
              description: `${route(path).path} cut at ${cut} + ${noise.length} bytes → ${response.statusCode} ${response.body}`,
            });
          },
        ),
        { numRuns: 40 },
      );
    },
    FUZZ_TIMEOUT,
  );

  it(
    'bad and random input to the Excel and sign-in routes never gets a 5xx',
    async () => {
      const admin = await signedInAdmin(ctx().app);
      const routes = await fuzzRoutes(
        ctx().app,
        ['/items/importTemplate', '/firstq/importTemplate', '/items/export'],
        {},
      );
      expect(await sendKnownBadInput(admin, routes)).toEqual([]);

      // Sign-in as a stranger would try it: anything in any field (a refusal or 429 after ten tries, never a 5xx).
      const signInRoutes = (await fuzzRoutes(ctx().app, ['/users/login'])).filter((r) => r.method === 'POST');
      let address = 0;
      await fc.assert(
        fc.asyncProperty(randomRequests(signInRoutes), async ({ route, mutation, wholeBody }) => {
          address += 1;
          const stranger = new TestClient(ctx().app, `10.9.${address >> 8}.${address & 255}`);
          await stranger.get('/api/store/read');
          expectNoServerError(await send(stranger, route, mutate(route, mutation, wholeBody)));
        }),
        { numRuns: 60 },
      );
    },
    FUZZ_TIMEOUT,
  );

  it(
    'a URL past the header limit gets the Arabic envelope from the server, a long query within it a 4xx',
    async () => {
      const app = ctx().app;
      // Closed with the app after the file's tests.
      await app.listen({ port: 0, host: '127.0.0.1' });
      {
        const port = (app.server.address() as { port: number }).port;
        const tooLong = await rawRequest(port, `/api/items/read?search=${'x'.repeat(70_000)}`);
        expect(tooLong.status).toBe(431);
        expect(JSON.parse(tooLong.body).error.message).toMatch(/[\u0600-\u06ff]/);

        const admin = await signedInAdmin(app);
        const withinLimit = await admin.get(`/api/items/read?search=${'x'.repeat(12_000)}`);
        expect(withinLimit.statusCode).toBe(400);
        expect(withinLimit.json().error.message).toMatch(/[\u0600-\u06ff]/);
      }
    },
    FUZZ_TIMEOUT,
  );
});
