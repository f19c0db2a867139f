/**
 * Backups on the run's PostgreSQL server (the embedded one, or TEST_DATABASE_URL's): the demo shop backed up, restored and compared figure by
 * figure; a backup under concurrent sales; refusals; damaged files; the export loaded by psql; a non-superuser.
 */
import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPostgresDatabase, startTestApp, TestClient } from '../../test/testApp.ts';
import { openBook } from '../book/openBook.ts';
import { seedDemoShop } from '../demo/demo.seed.ts';
import { ledgerSumsInvariants } from '../posting/ledgerSums.invariants.ts';
import { stockAtCostInvariants } from '../posting/stockAtCost.invariants.ts';
import { tradeFixtures } from '../trade/trade.fixtures.ts';
import { pruneBackups, writeBackup, writeExport } from './backupFiles.ts';
import { type BookFigures, compareBookFigures, readBookFigures } from './bookFigures.ts';
import { restoreBackup, verifyBackup } from './restore.ts';

/** The run's database server (the embedded PostgreSQL, or TEST_DATABASE_URL's): test/globalSetup.ts. */
const adminUrl = inject('testServer');
/** The export's load is checked with psql where it is installed (Debian's postgresql-client; CI has it). */
const hasPsql = spawnSync('psql', ['--version']).status === 0;

/** The figures of a database now, read in one snapshot. */
async function figuresOf(url: string): Promise<BookFigures> {
  return withClient(url, async (client) => {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const figures = await readBookFigures(client);
    await client.query('COMMIT');
    return figures;
  });
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const urlOf = (name: string) => Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
const nameOf = (url: string) => new URL(url).pathname.slice(1);
const dropDatabase = (name: string) =>
  withClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
const tableCount = (url: string) =>
  withClient(url, async (c) => (await c.query("SELECT 1 FROM pg_tables WHERE schemaname = 'public'")).rowCount);

describe('backups', () => {
  let shop: Awaited<ReturnType<typeof startTestApp>>;
  let shopUrl: string;
  let folder: string;
  const databases: string[] = [];
  /** A new empty database, dropped after the file. */
  const emptyDatabase = async () => {
    const created = await createPostgresDatabase();
    databases.push(nameOf(created.url));
    return created.url;
  };

  beforeAll(async () => {
    shop = await startTestApp(undefined, { demo: true });
    const started = Date.now();
    await seedDemoShop(shop.database.db, '2026-12-31');
    console.log(`demo shop seeded in ${Date.now() - started} ms`);
    const { rows } = await shop.database.db.execute<{ db: string }>('SELECT current_database() AS db');
    shopUrl = urlOf(rows[0]?.db ?? '');
    folder = await mkdtemp(join(tmpdir(), 'mizan-backup-test-'));
  }, 120_000);

  afterAll(async () => {
    await shop?.close();
    for (const name of databases) await dropDatabase(name);
    if (folder) await rm(folder, { recursive: true, force: true });
  }, 60_000);

  it('the demo shop backed up and restored into an empty database has every figure and row of the original', async () => {
    const started = Date.now();
    const backup = await writeBackup(shopUrl, folder);
    const backedUp = Date.now();
    expect(backup.file).toMatch(/mizan-\d{4}-\d{2}-\d{2}T\d{4}(-\d+)?\.backup$/);
    expect(compareBookFigures(backup.figures, await figuresOf(shopUrl))).toEqual([]);
    // The demo year: 1,500 sales, 120 purchases, returns, counts and vouchers; the stock valued both ways.
    expect(backup.figures.documents).toContainEqual({ store_id: 1, kind: 'trade_document:pay', count: 1500 });
    expect(backup.figures.tables.find((t) => t.table === 'public.ledger_line')?.rows).toBeGreaterThan(9000);
    expect(backup.figures.stock[0]?.value_at_cost).toMatch(/^\d+\.\d{2}$/);

    const target = await emptyDatabase();
    const restored = await restoreBackup(backup.file, target);
    console.log(
      `demo shop: backup ${backedUp - started} ms (${backup.size} bytes), restore ${Date.now() - backedUp} ms`,
    );
    expect(compareBookFigures(backup.figures, await figuresOf(target))).toEqual([]);
    expect(compareBookFigures(restored.figures, backup.figures)).toEqual([]);
    // The loaded rows fired no trigger: the kept sums are the original's, and still those of the ledger.
    const opened = await openBook({ url: target });
    try {
      expect(await ledgerSumsInvariants(opened.db)).toEqual([]);
      expect(await stockAtCostInvariants(opened.db)).toEqual([]);
    } finally {
      await opened.close();
    }
  }, 60_000);

  it('a damaged database is refused without --force, and with it restored while the damaged one is kept aside', async () => {
    const backup = await writeBackup(shopUrl, folder);
    const target = await emptyDatabase();
    await restoreBackup(backup.file, target);
    await withClient(target, async (c) => {
      await c.query(
        "DELETE FROM ledger_line WHERE id IN (SELECT id FROM ledger_line WHERE source_kind = 'pay' LIMIT 5)",
      );
      await c.query('UPDATE items SET pay_price = pay_price + 1 WHERE id = (SELECT min(id) FROM items)');
    });
    const damaged = await figuresOf(target);
    expect(compareBookFigures(backup.figures, damaged)).not.toEqual([]);

    await expect(restoreBackup(backup.file, target)).rejects.toThrow(/already holds tables/);
    expect(compareBookFigures(damaged, await figuresOf(target))).toEqual([]);

    const restored = await restoreBackup(backup.file, target, { force: true });
    expect(restored.keptAside).toMatch(new RegExp(`^${nameOf(target)}_before_restore_\\d{8}t\\d{6}$`));
    databases.push(restored.keptAside ?? '');
    expect(compareBookFigures(backup.figures, await figuresOf(target))).toEqual([]);
    expect(compareBookFigures(damaged, await figuresOf(urlOf(restored.keptAside ?? '')))).toEqual([]);
  }, 60_000);

  it('a backup taken while sales are posted restores to a balanced book with the sales of its instant', async () => {
    const c = new TestClient(shop.app);
    await c.signIn();
    const { item, customer } = await tradeFixtures(() => shop).setup(c, '100000');
    const sell = () =>
      c.post('/api/pay/createWithItems', {
        invoice: { cust_id: customer.id, pay_date: '2026-11-22', discount: '0', pay: '0' },
        items: [{ item_id: item.id, quantity: '1', pay_price: '100' }],
      });
    const salesCount = async () =>
      Number(
        (await shop.database.db.execute("SELECT count(*) AS n FROM trade_document WHERE kind = 'pay'")).rows[0]?.n,
      );

    let selling = true;
    let sold = 0;
    const till = async () => {
      while (selling) {
        const res = await sell();
        if (res.statusCode !== 200) throw new Error(`a sale failed: ${res.body}`);
        sold++;
      }
    };
    const tills = [till(), till()];
    while (sold < 5) await new Promise((r) => setTimeout(r, 10));
    const before = await salesCount();
    const backup = await writeBackup(shopUrl, folder);
    const after = await salesCount();
    selling = false;
    await Promise.all(tills);
    // Sales were committed while the backup read (else this test proves nothing).
    expect(after).toBeGreaterThan(before);

    const target = await emptyDatabase();
    await restoreBackup(backup.file, target);
    expect(compareBookFigures(backup.figures, await figuresOf(target))).toEqual([]);
    await withClient(target, async (db) => {
      const sales = Number((await db.query("SELECT count(*) AS n FROM trade_document WHERE kind = 'pay'")).rows[0].n);
      expect(sales).toBeGreaterThanOrEqual(before);
      expect(sales).toBeLessThanOrEqual(after);
      // Every document's lines balance, and so does the whole ledger.
      const unbalanced = await db.query(
        'SELECT source_kind, source_id FROM ledger_line GROUP BY 1, 2 HAVING sum(debit) <> sum(credit)',
      );
      expect(unbalanced.rows).toEqual([]);
      const total = await db.query('SELECT sum(debit)::text AS d, sum(credit)::text AS c FROM ledger_line');
      expect(total.rows[0].d).toBe(total.rows[0].c);
      // Each item's kept stock is the sum of its movements; every sale restored has its movement and its ledger.
      const offStock = await db.query(
        `SELECT s.item_id FROM item_stock s
         LEFT JOIN (SELECT item_id, sum(quantity) AS q FROM stock_movement GROUP BY 1) m ON m.item_id = s.item_id
         WHERE s.quantity <> coalesce(m.q, 0)`,
      );
      expect(offStock.rows).toEqual([]);
      const halfSales = await db.query(
        `SELECT d.pay_id FROM trade_document d WHERE d.kind = 'pay' AND NOT d.value_only AND (
           NOT EXISTS (SELECT 1 FROM stock_movement m WHERE m.source_kind = 'pay' AND m.source_id = d.pay_id)
           OR NOT EXISTS (SELECT 1 FROM ledger_line l WHERE l.source_kind = 'pay' AND l.source_id = d.pay_id))`,
      );
      expect(halfSales.rows).toEqual([]);
    });
    const opened = await openBook({ url: target });
    try {
      expect(await ledgerSumsInvariants(opened.db)).toEqual([]);
      expect(await stockAtCostInvariants(opened.db)).toEqual([]);
    } finally {
      await opened.close();
    }
  }, 60_000);

  it('a truncated or corrupted backup is refused by verify and by restore, and the target stays empty', async () => {
    const scratchDatabases = async () =>
      (
        await withClient(adminUrl, (c) =>
          c.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'mizan_verify_%'"),
        )
      ).rows.map((row) => row.datname);
    const scratchBefore = await scratchDatabases();
    const backup = await writeBackup(shopUrl, folder);
    expect(await verifyBackup(backup.file, shopUrl)).toMatchObject({ ok: true, differences: [] });

    const cut = join(folder, 'cut.backup');
    await writeFile(cut, await readFile(backup.file));
    await truncate(cut, Math.floor(backup.size * 0.6));
    // A plain script cut just before its end marker (psql would end it without its COMMIT).
    const script = gunzipSync(await readFile(backup.file)).toString('utf8');
    const cutPlain = join(folder, 'cut.sql');
    await writeFile(cutPlain, script.slice(0, script.indexOf('-- mizan:end')));
    // One amount changed in one ledger row: the file is well-formed, its rows are not the backup's.
    const corrupted = join(folder, 'corrupted.backup');
    const ledgerCopy = script.indexOf('COPY "public"."ledger_line"');
    const firstRow = script.indexOf('\n', ledgerCopy) + 1;
    const rowEnd = script.indexOf('\n', firstRow);
    const fields = script.slice(firstRow, rowEnd).split('\t');
    fields[4] = (Number(fields[4]) + 1).toFixed(2); // its debit
    await writeFile(corrupted, gzipSync(script.slice(0, firstRow) + fields.join('\t') + script.slice(rowEnd)));

    for (const file of [cut, cutPlain, corrupted]) {
      const verified = await verifyBackup(file, shopUrl);
      expect(verified.ok, file).toBe(false);
      expect(verified.reason, file).toBeTruthy();
      const target = await emptyDatabase();
      await expect(restoreBackup(file, target), file).rejects.toThrow();
      expect(await tableCount(target), file).toBe(0);
    }
    const corruptedVerified = await verifyBackup(corrupted, shopUrl);
    expect(corruptedVerified.differences.join('\n')).toMatch(/table public\.ledger_line: md5/);
    // No scratch database is left behind.
    expect(await scratchDatabases()).toEqual(scratchBefore);
  }, 90_000);

  // The embedded engine is PostgreSQL 18; a shop's export must load into a stock PostgreSQL 15 too (CI sets this).
  it.runIf(hasPsql && Boolean(process.env.TEST_PG15_URL))(
    "the embedded engine's export loads into PostgreSQL 15 with psql -v ON_ERROR_STOP=1, with every figure",
    async () => {
      const exported = await writeExport(shopUrl, folder);
      const server = process.env.TEST_PG15_URL ?? '';
      const name = `mizan_export_${randomBytes(4).toString('hex')}`;
      await withClient(server, (c) => c.query(`CREATE DATABASE ${name}`));
      const target = Object.assign(new URL(server), { pathname: `/${name}` }).toString();
      try {
        const version = await withClient(target, async (c) => (await c.query('show server_version_num')).rows[0]);
        expect(Number(version.server_version_num)).toBeLessThan(160000);
        await promisify(execFile)('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', target, '-f', exported.file]);
        expect(compareBookFigures(exported.figures, await figuresOf(target))).toEqual([]);
      } finally {
        await withClient(server, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      }
    },
    60_000,
  );

  it.runIf(hasPsql)(
    'the export loads with psql -v ON_ERROR_STOP=1 into a new database, with the figures of the source',
    async () => {
      const exported = await writeExport(shopUrl, folder);
      expect(exported.file).toMatch(/\.sql$/);
      const target = await emptyDatabase();
      await promisify(execFile)('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', target, '-f', exported.file]);
      expect(compareBookFigures(exported.figures, await figuresOf(target))).toEqual([]);
    },
    60_000,
  );

  it('a role that is not a superuser restores into its own database; one without CREATEDB is told verify cannot run', async () => {
    const backup = await writeBackup(shopUrl, folder);
    const role = `mizan_owner_${randomBytes(4).toString('hex')}`;
    const plain = `mizan_plain_${randomBytes(4).toString('hex')}`;
    const owned = `${role}_db`;
    const as = (user: string, database: string) =>
      Object.assign(new URL(adminUrl), {
        username: user,
        password: 'role-pass-1',
        pathname: `/${database}`,
      }).toString();
    await withClient(adminUrl, async (c) => {
      await c.query(`CREATE ROLE ${role} LOGIN CREATEDB NOSUPERUSER PASSWORD 'role-pass-1'`);
      await c.query(`CREATE ROLE ${plain} LOGIN NOCREATEDB NOSUPERUSER PASSWORD 'role-pass-1'`);
      await c.query(`CREATE DATABASE ${owned} OWNER ${role}`);
    });
    try {
      const restored = await restoreBackup(backup.file, as(role, owned));
      expect(compareBookFigures(backup.figures, restored.figures)).toEqual([]);
      expect(await verifyBackup(backup.file, as(role, owned))).toMatchObject({ ok: true });
      expect(await verifyBackup(backup.file, as(plain, owned))).toMatchObject({
        ok: false,
        reason: expect.stringContaining('may not create databases'),
      });
    } finally {
      await dropDatabase(owned);
      await withClient(adminUrl, async (c) => {
        await c.query(`DROP ROLE IF EXISTS ${role}`);
        await c.query(`DROP ROLE IF EXISTS ${plain}`);
      });
    }
  }, 60_000);

  it('two backups in one minute get two names, no temporary file stays, and prune keeps only the chosen', async () => {
    const own = await mkdtemp(join(tmpdir(), 'mizan-backup-names-'));
    try {
      const now = new Date(2026, 10, 30, 9, 15);
      const first = await writeBackup(shopUrl, own, { now });
      const second = await writeBackup(shopUrl, own, { now });
      expect(first.file).toMatch(/mizan-2026-11-30T0915\.backup$/);
      expect(second.file).toMatch(/mizan-2026-11-30T0915-2\.backup$/);
      // An older backup of the same day, an export and a file not ours.
      await writeFile(join(own, 'mizan-2026-11-30T0815.backup'), '');
      await writeFile(join(own, 'mizan-2026-11-29T0815.sql'), '');
      await writeFile(join(own, 'notes.txt'), '');
      const deleted = await pruneBackups(own, new Date(2026, 11, 2, 9, 0));
      expect(deleted.sort()).toEqual([join(own, 'mizan-2026-11-30T0815.backup'), first.file].sort());
      expect((await readdir(own)).sort()).toEqual(
        ['mizan-2026-11-29T0815.sql', 'mizan-2026-11-30T0915-2.backup', 'notes.txt'].sort(),
      );
    } finally {
      await rm(own, { recursive: true, force: true });
    }
  }, 60_000);
});
