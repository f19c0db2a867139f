/**
 * The shop's disk dies: the server ran with its automatic backups and WAL archive on a second folder, the data folder
 * is deleted, and `npm run restore` brings the books back, from the last backup file (every figure as it was) and to
 * a moment (point-in-time recovery: the sales before it, none after). Then the shop sells on.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { BackupStatus } from '@mizan/contract';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../../db/embedded/embeddedPostgres.ts';
import { dataFolder, httpSession, killServers, serverDir, startServer, stop } from '../../test/serverProcess.ts';
import { compareBookFigures, readBookFiguresAtOnce } from './bookFigures.ts';
import { readScriptHeader } from './scriptLoader.ts';
import { listBaseBackups } from './walArchive.ts';

afterEach(killServers);

async function restoreCommand(env: Record<string, string>, args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/restore.ts', ...args], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr.on('data', (chunk) => {
    output += String(chunk);
  });
  const [code] = await once(child, 'exit');
  return { code: code as number, output };
}

/** Reads the restored folder with the engine alone (no app): what the accountant would find. */
async function readFolder(dataDir: string) {
  const engine = await startEmbeddedPostgres({ dataDir, log: () => {} });
  const client = new pg.Client({ connectionString: engine.connectionString });
  await client.connect();
  try {
    const sales = await client.query<{ key: string }>(
      "select idempotency_key as key from trade_document where kind = 'pay' order by 1",
    );
    const unbalanced = await client.query(
      'select store_id, "yearId" from ledger_line group by 1, 2 having sum(debit) <> sum(credit)',
    );
    return {
      sales: sales.rows.map((row) => row.key),
      unbalanced: unbalanced.rowCount,
      figures: await readBookFiguresAtOnce(client),
    };
  } finally {
    await client.end();
    await engine.stop();
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a dead data disk', () => {
  it('is restored from the backup folder: the last backup with every figure, or the book at a moment', async () => {
    const root = dataFolder();
    const env = {
      DATA_DIR: join(root, 'data'),
      MIZAN_BACKUP_DIR: join(root, 'backups'),
      MIZAN_BACKUP_EVERY: '0.1',
      MIZAN_DEMO: 'bare',
    };
    const server = await startServer(env);
    const till = await httpSession(server.base);
    const item = (
      (await (
        await till.post('/api/items/create', {
          item_name: 'فلتر زيت',
          perch_price: '8',
          pay_price: '10',
          firstQuantity: '1000',
        })
      ).json()) as { data: { id: number }[] }
    ).data[0];
    const walkIn = (
      (await (await till.get('/api/sub_accounts/readByStore?ac_id=1')).json()) as {
        data: { id: number; sub_name: string }[];
      }
    ).data.find((a) => a.sub_name === 'عميل نقدي');
    const sell = async (key: string) => {
      const answer = await till.post('/api/pay/createWithItems', {
        invoice: { cust_id: walkIn?.id, pay_date: '2026-11-20', discount: '0', pay: '20' },
        items: [{ item_id: item?.id, quantity: '2', pay_price: '10' }],
        idempotency_key: key,
      });
      expect(answer.status, await answer.clone().text()).toBe(200);
    };

    await sell('pitr-sale-a1');
    await sell('pitr-sale-a2');
    // The first automatic backup comes with the day's base backup, from which the WAL archive replays.
    const deadline = Date.now() + 120_000;
    while ((await listBaseBackups(env.MIZAN_BACKUP_DIR)).length === 0) {
      expect(Date.now(), 'no base backup was taken').toBeLessThan(deadline);
      await pause(250);
    }
    // The settings screen's status says from when a restore to a moment reaches, and that archiving works.
    const status = ((await (await till.get('/api/backup/status')).json()) as { data: BackupStatus[] }).data[0];
    expect(status?.point_in_time?.since).toBe((await listBaseBackups(env.MIZAN_BACKUP_DIR))[0]?.finished_at);
    expect(status?.point_in_time?.failing).toBeNull();
    await sell('pitr-sale-b1');
    await sell('pitr-sale-b2');
    await pause(1_500);
    const moment = new Date();
    await pause(1_500);
    await sell('pitr-sale-c1');
    await sell('pitr-sale-c2');
    expect(await stop(server.child, 'SIGTERM')).toBe(0);

    // The disk dies.
    rmSync(env.DATA_DIR, { recursive: true, force: true });

    // From the last backup file, made at the clean stop: every figure as the backup holds it.
    const last = JSON.parse(readFileSync(join(env.MIZAN_BACKUP_DIR, 'mizan-backups.json'), 'utf8')) as {
      last_verified: { file: string };
    };
    const file = join(env.MIZAN_BACKUP_DIR, last.last_verified.file);
    const fromFile = await restoreCommand(env, ['--from', file]);
    expect(fromFile.code, fromFile.output).toBe(0);
    const restored = await readFolder(env.DATA_DIR);
    expect(restored.sales).toEqual([
      'pitr-sale-a1',
      'pitr-sale-a2',
      'pitr-sale-b1',
      'pitr-sale-b2',
      'pitr-sale-c1',
      'pitr-sale-c2',
    ]);
    expect(compareBookFigures((await readScriptHeader(file)).figures, restored.figures)).toEqual([]);
    expect(restored.unbalanced).toBe(0);

    // To the moment between the b and c sales: the WAL archive replayed up to it.
    const refused = await restoreCommand(env, ['--from', env.MIZAN_BACKUP_DIR, '--until', moment.toISOString()]);
    expect(refused.code, refused.output).toBe(1);
    expect(refused.output).toContain('is not empty');
    rmSync(env.DATA_DIR, { recursive: true, force: true });
    const toMoment = await restoreCommand(env, ['--from', env.MIZAN_BACKUP_DIR, '--until', moment.toISOString()]);
    expect(toMoment.code, toMoment.output).toBe(0);
    const atMoment = await readFolder(env.DATA_DIR);
    expect(atMoment.sales).toEqual(['pitr-sale-a1', 'pitr-sale-a2', 'pitr-sale-b1', 'pitr-sale-b2']);
    expect(atMoment.unbalanced).toBe(0);

    // The shop sells on from the restored book.
    const again = await startServer(env);
    const next = await httpSession(again.base);
    expect((await fetch(`${again.base}/api/health`)).status).toBe(200);
    const sale = await next.post('/api/pay/createWithItems', {
      invoice: { cust_id: walkIn?.id, pay_date: '2026-11-21', discount: '0', pay: '10' },
      items: [{ item_id: item?.id, quantity: '1', pay_price: '10' }],
      idempotency_key: 'pitr-sale-d1',
    });
    expect(sale.status, await sale.clone().text()).toBe(200);
    expect(await stop(again.child, 'SIGTERM')).toBe(0);
  }, 300_000);
});
