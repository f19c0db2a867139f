/**
 * A data folder made by the release before this one (PGlite, the demo shop: fixtures/README.md) carried over by
 * the server's first start: every row identical, the figures the same, the next sale's number continuing, the old
 * folder kept aside unchanged; and a carry-over that fails leaves the folder as it was.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { httpSession, killServers, startServer, stop } from '../../test/serverProcess.ts';
import { startEmbeddedPostgres } from '../embedded/embeddedPostgres.ts';
import { carryOverPglite, isPgliteFolder } from './carryOverPglite.ts';

const fixture = fileURLToPath(new URL('./fixtures/pglite-demo-shop-c0e356d.tar.xz', import.meta.url));
const parent = mkdtempSync(join(tmpdir(), 'mizan-carry-'));
chmodSync(parent, 0o755);
afterAll(() => rmSync(parent, { recursive: true, force: true }));
afterEach(killServers);

/** The fixture unpacked into a folder of its own: `<folder>/data`. */
function unpack(name: string) {
  const folder = join(parent, name);
  execFileSync('mkdir', ['-p', folder]);
  execFileSync('tar', ['-xJf', fixture, '-C', folder]);
  return join(folder, 'data');
}

/** Every file of a folder with the md5 of its bytes. */
function fingerprint(dir: string) {
  const files: Record<string, string> = {};
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else files[relative(dir, path)] = createHash('md5').update(readFileSync(path)).digest('hex');
    }
  };
  walk(dir);
  return files;
}

/** The figures an accountant reads, by the same SQL on both engines. */
const FIGURES = {
  documents: 'select kind, store_id, count(*)::int as n from trade_document group by 1, 2 order by 1, 2',
  // The documents' lines: the first start also migrates the folder, and migration 0038 posts the accounts' opening
  // balances as lines of their own (source `sub_balance`; its test shows every report's figures unchanged).
  trialBalance: `select store_id, "yearId", account_id, sum(debit)::text as debit, sum(credit)::text as credit
                   from ledger_line where source_kind <> 'sub_balance' group by 1, 2, 3 order by 1, 2, 3`,
  stock: `select store_id, sum(quantity)::text as quantity, sum(value)::text as value_at_cost
            from stock_movement group by 1 order by 1`,
  stockAtPrice: `select m.store_id, sum(m.quantity * i.pay_price)::text as value_at_price
                   from stock_movement m join items i on i.id = m.item_id group by 1 order by 1`,
  vouchers:
    'select voucher_kind, posted, count(*)::int as n, sum(j_pay)::text as total from journal group by 1, 2 order by 1, 2',
  counts: 'select count(*)::int as n from stock_count',
  counters: 'select * from document_counter order by 1, 2, 3',
  lastSale: "select max(pay_id) as id from trade_document where kind = 'pay'",
};
type Query = (text: string) => Promise<unknown[]>;
async function figures(query: Query) {
  const out: Record<string, unknown[]> = {};
  for (const [name, text] of Object.entries(FIGURES)) out[name] = await query(text);
  return out;
}

describe('the PGlite folder of the release before', () => {
  it('is carried over by the first start: every row identical, the figures the same, the next sale numbered on', async () => {
    const dataDir = unpack('first-start');
    const pristine = fingerprint(dataDir);
    expect(await isPgliteFolder(dataDir)).toBe(true);

    // What the old release held, read by PGlite itself from another copy of the same folder.
    const copy = unpack('read-by-pglite');
    const old = await PGlite.create(copy, { extensions: { pg_trgm } });
    const before = await figures(async (text) => (await old.query(text)).rows);
    await old.close();
    expect((before.documents as unknown[]).length).toBeGreaterThan(3);

    const server = await startServer({ DATA_DIR: dataDir });
    expect(server.output()).not.toContain('Demo data loaded.');
    const admin = await httpSession(server.base);
    const walkIn = (
      (await (await admin.get('/api/sub_accounts/readByStore?ac_id=1')).json()) as {
        data: { id: number; sub_name: string }[];
      }
    ).data.find((a) => a.sub_name === 'عميل نقدي');
    const item = ((await (await admin.get('/api/items/read?page=1&pageSize=1')).json()) as { data: { id: number }[] })
      .data[0];
    expect(walkIn && item).toBeTruthy();
    expect(await stop(server.child, 'SIGTERM')).toBe(0);

    // The old folder is kept aside exactly as it was, and the data folder is the new engine's cluster.
    const aside = readdirSync(join(parent, 'first-start')).filter((name) => name.startsWith('data-pglite-'));
    expect(aside).toHaveLength(1);
    expect(fingerprint(join(parent, 'first-start', aside[0] ?? ''))).toEqual(pristine);
    expect(await isPgliteFolder(dataDir)).toBe(false);
    expect(readdirSync(join(parent, 'first-start')).filter((name) => name.startsWith('.'))).toEqual([]);

    const engine = await startEmbeddedPostgres({ dataDir, log: () => {} });
    const client = new pg.Client({ connectionString: engine.connectionString });
    await client.connect();
    try {
      const after = await figures(async (text) => (await client.query(text)).rows);
      expect(after).toEqual(before);
    } finally {
      await client.end();
      await engine.stop();
    }

    // The shop sells on: the next sale's id and number follow the last ones of the old release.
    const again = await startServer({ DATA_DIR: dataDir });
    const cashier = await httpSession(again.base);
    const sale = await cashier.post('/api/pay/createWithItems', {
      invoice: { cust_id: walkIn?.id, pay_date: '2026-11-30', discount: '0', pay: '1' },
      items: [{ item_id: item?.id, quantity: '1', pay_price: '1' }],
    });
    expect(sale.status, await sale.clone().text()).toBe(200);
    const saved = ((await sale.json()) as { data: { pay_id: number; pay_ref: string }[] }).data[0];
    const lastId = Number((before.lastSale as { id: number }[])[0]?.id);
    expect(saved?.pay_id).toBeGreaterThan(lastId);
    expect(await stop(again.child, 'SIGTERM')).toBe(0);
  }, 300_000);

  it('a carry-over that fails midway leaves the folder as it was and says why', async () => {
    const dataDir = unpack('refused');
    // An item without a name, which PGlite is made to accept here: the new server refuses the row (NOT NULL) after
    // the tables before it were loaded.
    const old = await PGlite.create(dataDir, { extensions: { pg_trgm } });
    await old.exec(`alter table items alter column item_name drop not null;
                    update items set item_name = null where id = (select min(id) from items)`);
    await old.close();
    const before = fingerprint(dataDir);

    await expect(carryOverPglite(dataDir, () => {})).rejects.toThrow(
      /could not be carried over \(.*item_name.*\); it was left untouched/,
    );
    expect(fingerprint(dataDir)).toEqual(before);
    // No new cluster, no scratch copy, nothing kept aside: the folder alone, still the old release's.
    expect(readdirSync(join(parent, 'refused'))).toEqual(['data']);
    expect(existsSync(join(dataDir, 'mizan-password'))).toBe(false);
    expect(await isPgliteFolder(dataDir)).toBe(true);
  }, 120_000);
});
