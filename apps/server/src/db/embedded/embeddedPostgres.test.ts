import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { serverOwner, startEmbeddedPostgres } from './embeddedPostgres.ts';

const parent = mkdtempSync(join(tmpdir(), 'mizan-engine-'));
chmodSync(parent, 0o755);
afterAll(() => rmSync(parent, { recursive: true, force: true }));

describe('the embedded PostgreSQL server', () => {
  it('makes a cluster on its first start and runs it durable: fsync, synchronous commit, full-page writes', async () => {
    const dataDir = join(parent, 'shop', 'data');
    const server = await startEmbeddedPostgres({ dataDir, log: () => {} });
    try {
      const client = new pg.Client({ connectionString: server.connectionString });
      await client.connect();
      const { rows } = await client.query<Record<string, string>>(
        `select current_setting('fsync') as fsync, current_setting('synchronous_commit') as synchronous_commit,
                current_setting('full_page_writes') as full_page_writes, current_setting('listen_addresses') as listen,
                current_setting('data_checksums') as checksums, current_database() as database`,
      );
      await client.end();
      expect(rows[0]).toEqual({
        fsync: 'on',
        synchronous_commit: 'on',
        full_page_writes: 'on',
        listen: '127.0.0.1',
        checksums: 'on',
        database: 'mizan',
      });
      // Only the server's user may read the cluster and its password.
      expect(statSync(dataDir).mode & 0o077).toBe(0);
      const owner = await serverOwner();
      if (owner) expect(statSync(join(dataDir, 'mizan-password')).uid).toBe(owner.uid);
      // Without the password nobody connects, even on the machine itself.
      const stranger = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${server.port}/mizan` });
      stranger.on('error', () => {});
      await expect(stranger.connect()).rejects.toThrow();
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('starts again on its folder with what was committed', async () => {
    const dataDir = join(parent, 'again');
    const first = await startEmbeddedPostgres({ dataDir, log: () => {} });
    const write = new pg.Client({ connectionString: first.connectionString });
    await write.connect();
    await write.query("create table kept (note text); insert into kept values ('قبل الإيقاف')");
    await write.end();
    await first.stop();
    const second = await startEmbeddedPostgres({ dataDir, log: () => {} });
    const read = new pg.Client({ connectionString: second.connectionString });
    await read.connect();
    expect((await read.query('select note from kept')).rows).toEqual([{ note: 'قبل الإيقاف' }]);
    await read.end();
    await second.stop();
  }, 60_000);

  it('refuses a database folder it did not make (a PGlite folder of an earlier release) and leaves it as it was', async () => {
    const dataDir = join(parent, 'old');
    mkdirSync(join(dataDir, 'base'), { recursive: true });
    writeFileSync(join(dataDir, 'PG_VERSION'), '17\n');
    const before = readdirSync(dataDir).sort();
    await expect(startEmbeddedPostgres({ dataDir, log: () => {} })).rejects.toThrow(/did not make/);
    expect(readdirSync(dataDir).sort()).toEqual(before);
    expect(readFileSync(join(dataDir, 'PG_VERSION'), 'utf8')).toBe('17\n');
  }, 60_000);
});
