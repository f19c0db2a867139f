/**
 * Times each read of the owner's dashboard apart on a seeded store (`DATABASE_URL`), sequentially, to see which of
 * its tiles costs the most (`npm run bench` times the whole call: READS=dashboard).
 */

import { openBook } from '../apps/server/src/features/book/openBook.ts';
import { salesByDay } from '../apps/server/src/features/dashboard/dashboard.queries.ts';
import { stockCount } from '../apps/server/src/features/items/stock.queries.ts';
import { inYear } from '../apps/server/src/features/reports/period.ts';
import { aging, moneyAccounts } from '../apps/server/src/features/reports/reports.queries.ts';
import { dueSum } from '../apps/server/src/features/trade/trade.queries.ts';

const date = process.env.DATE ?? '2026-09-15';
const database = await openBook({ url: process.env.DATABASE_URL ?? '' });
const { db } = database;
const year = { id: 1, yearStart: '2026-01-01', yearEnd: '2026-12-31' } as never;
const parts: [string, () => Promise<unknown>][] = [
  ['30 days of sales', () => salesByDay(db, 1, date)],
  ['money accounts', () => moneyAccounts(db, 1, inYear(year, { start: '2026-01-01', end: date }))],
  ['aging receivable', () => aging(db, 1, date, 'receivable', { page: 1, pageSize: 5 })],
  ['aging payable', () => aging(db, 1, date, 'payable', { page: 1, pageSize: 1 })],
  [
    'payables due',
    () => dueSum(db, { storeId: 1, kind: 'perch', yearId: 1, dueOnly: true, recordsOnly: true, dueBy: date }),
  ],
  ['stock zero', () => stockCount(db, 1, 1, { quantity_filter: 'zero' })],
  ['stock below min', () => stockCount(db, 1, 1, { quantity_filter: 'below_min' })],
];
for (const [label, run] of parts) {
  const times: number[] = [];
  for (let n = 0; n < 10; n++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(`${label.padEnd(20)} p50 ${times[5]?.toFixed(1)} ms`);
}
await database.close();
