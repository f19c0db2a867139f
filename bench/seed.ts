import { openBook } from '../apps/server/src/features/book/openBook.ts';
import { seedDemoIfEmpty } from '../apps/server/src/features/demo/demo.seed.ts';
import { generateShop, largeStoreSize, type ShopSize } from '../apps/server/src/features/demo/shopGenerator.ts';
import {
  generateTransfers,
  inTransitInvariants,
  largeStoreTransfers,
} from '../apps/server/src/features/demo/shopTransfers.ts';
import { ledgerSumsInvariants } from '../apps/server/src/features/posting/ledgerSums.invariants.ts';
import { stockAtCostInvariants } from '../apps/server/src/features/posting/stockAtCost.invariants.ts';
import { actingAdministrator } from '../apps/server/src/lib/permissions.ts';
import { benchDatabase } from './benchDatabase.ts';

const scale = Number(process.env.SCALE ?? 1);
const seed = Number(process.env.SEED ?? 19);
const size = Object.fromEntries(
  Object.entries(largeStoreSize).map(([key, value]) => [
    key,
    key.endsWith('Lines') ? value : Math.max(1, Math.round(value * scale)),
  ]),
) as ShopSize;

const { options, dataDir } = benchDatabase('mizan-large-', process.env.DATA_DIR);
const database = await openBook(options);
if (!(await seedDemoIfEmpty(database.db))) {
  console.error(
    'The database is not empty: bench:seed fills a new one (create it, or point DATA_DIR at a new folder).',
  );
  process.exit(1);
}

const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(1).padStart(7);
const bar = (done: number, of: number) => `[${'#'.repeat(done).padEnd(of, '.')}]`;
console.log(`large store on ${database.kind}${dataDir ? ` (${dataDir})` : ''}:`, size);
await generateShop(database.db, {
  storeId: 1,
  yearId: 1,
  from: '2026-01-01',
  to: '2026-12-31',
  size,
  seed,
  user: actingAdministrator({ id: 1, user_name: 'admin', full_name: 'مدير النظام' }, 1),
  onStep: (step, done, of) => console.log(`${seconds()} s ${bar(done, of)} ${step}`),
});
// The second store (فرع أم درمان) stocks the same catalogue; 10,000 transfers between the two over the year.
const made = await generateTransfers(database.db, {
  mainStoreId: 1,
  branchStoreId: 2,
  yearId: 1,
  from: '2026-01-01',
  to: '2026-12-31',
  seed,
  transfers: Math.max(1, Math.round(largeStoreTransfers.transfers * scale)),
  transferLines: largeStoreTransfers.transferLines,
  user: { id: 1, user_name: 'admin', full_name: 'مدير النظام' },
  onStep: (step) => console.log(`${seconds()} s ${step}`),
});
console.log(`${seconds()} s transfers:`, made);
const drift = [
  ...(await stockAtCostInvariants(database.db)),
  ...(await inTransitInvariants(database.db)),
  ...(await ledgerSumsInvariants(database.db)).map((row) => `account ${row.account_id} ${row.what}`),
];
console.log(`${seconds()} s done; kept sums against movements and ledger lines: ${drift.length} rows differ`);
for (const line of drift.slice(0, 20)) console.log(`  ${line}`);
await database.close();
process.exit(drift.length === 0 ? 0 : 1);
