/** The backups as the settings screen reaches them: made and verified now, listed, downloaded, refused to others. */
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { describeEachDatabase, TestClient } from '../../test/testApp.ts';
import { summariseFigures } from './backupSchedule.ts';
import { readBookFigures } from './bookFigures.ts';

const folder = mkdtempSync(join(tmpdir(), 'mizan-backups-'));
chmodSync(folder, 0o755);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describeEachDatabase(
  'backups from the settings screen',
  (ctx) => {
    const signedIn = async (user = 'admin', password = 'admin123', storeId = 1) => {
      const c = new TestClient(ctx().app);
      expect((await c.signIn(user, password, storeId)).statusCode).toBe(200);
      return c;
    };

    it('before any backup nothing is kept; "back up now" makes one, verified, and lists it', async () => {
      const c = await signedIn();
      const before = (await c.get('/api/backup/status')).json().data[0];
      expect(before).toMatchObject({ last_verified: null, overdue: false, kept: [], every_minutes: 0, folder });

      const made = await c.post('/api/backup/now');
      expect(made.statusCode).toBe(200);
      const status = made.json().data[0];
      expect(status.overdue).toBe(false);
      expect(status.last_failure).toBeNull();
      expect(status.last_verified.file).toMatch(/^mizan-\d{4}-\d{2}-\d{2}T\d{4}(-\d+)?\.backup$/);
      // What the scratch restore proved is the book's own figures now, and the trial balance balances.
      const client = new pg.Client({ connectionString: ctx().database.connectionString });
      await client.connect();
      await client.query('begin isolation level repeatable read, read only');
      const now = summariseFigures(await readBookFigures(client));
      await client.end();
      expect(status.last_verified.figures).toEqual(now);
      expect(now.debit).toBe(now.credit);
      expect(status.kept).toEqual([
        expect.objectContaining({ file: status.last_verified.file, size: status.last_verified.size }),
      ]);
      expect(statSync(join(folder, status.last_verified.file)).size).toBe(status.last_verified.size);
      // What was verified is remembered in the folder, for after a restart.
      const remembered = JSON.parse(readFileSync(join(folder, 'mizan-backups.json'), 'utf8'));
      expect(remembered.last_verified.file).toBe(status.last_verified.file);
    });

    it('a kept backup downloads whole; a name not kept or not a backup is refused', async () => {
      const c = await signedIn();
      const { kept } = (await c.get('/api/backup/status')).json().data[0];
      const file = kept[0].file as string;
      const download = await c.get(`/api/backup/download?file=${file}`);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-disposition']).toContain(file);
      expect(download.rawPayload.length).toBe(kept[0].size);
      expect(gunzipSync(download.rawPayload).toString('utf8')).toContain('-- mizan:end');
      expect((await c.get('/api/backup/download?file=mizan-2020-01-01T0000.backup')).statusCode).toBe(404);
      expect((await c.get('/api/backup/download?file=..%2Fmizan-backups.json')).statusCode).toBe(400);
    });

    it('a cashier, and an administrator of only some stores, are refused: a backup holds every store', async () => {
      const cashier = await signedIn('cashier', 'cashier123', 1);
      expect((await cashier.get('/api/backup/status')).statusCode).toBe(403);
      expect((await cashier.post('/api/backup/now')).statusCode).toBe(403);
      const admin = await signedIn();
      // Made by the administrator signed in at the branch: an administrator of store 2 only.
      const atBranch = await signedIn('admin', 'admin123', 2);
      const created = await atBranch.post('/api/users/create', {
        user_name: 'branch-admin',
        full_name: 'مدير الفرع',
        password: 'branch-pass-1',
        store_id: 2,
        is_admin: true,
      });
      expect(created.statusCode, created.body).toBe(200);
      const branch = await signedIn('branch-admin', 'branch-pass-1', 2);
      expect((await branch.get('/api/backup/status')).statusCode).toBe(403);
      const { kept } = (await admin.get('/api/backup/status')).json().data[0];
      expect((await branch.get(`/api/backup/download?file=${kept[0].file}`)).statusCode).toBe(403);
    });
  },
  { backupFolder: folder },
);
