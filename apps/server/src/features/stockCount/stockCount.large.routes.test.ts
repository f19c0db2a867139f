/**
 * A whole-store count (issue 19): 5,000 lines saved in one call, and when some are wrong every refusal comes back at
 * once, each on its line's field, so the keeper fixes them all in one pass.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/testApp.ts';
import { tradeFixtures } from '../trade/trade.fixtures.ts';

const LINES = 5000;

describeEachDatabase('a 5,000-line stock count', (ctx) => {
  const { signedIn } = tradeFixtures(ctx);

  it('lists every refused line at once, then saves the count with every line', async () => {
    const c = await signedIn();
    // Items that never moved: their system quantity is 0.
    const { rows } = await ctx().database.db.execute<{ id: number }>(sql`
      insert into items (store_id, item_name, pay_price, perch_price)
      select 1, 'جرد كبير ' || g, 100, 80 from generate_series(1, ${LINES}) g
      returning id`);
    const ids = rows.map((row) => row.id).sort((a, b) => a - b);
    const lines = ids.map((item_id) => ({ item_id, qtyReal: '1' }));
    const wrong = [17, 2500, 4999];
    const refused = await c.post('/api/tswia/createWithItems', {
      invoice: { pay_date: '2026-07-01', yearId: 1 },
      items: lines.map((line, index) => (wrong.includes(index) ? { ...line, qtyReal: '0' } : line)),
    });
    expect(refused.statusCode).toBe(400);
    const error = refused.json().error;
    expect(error.code).toBe('COUNT_EQUALS_SYSTEM');
    expect(Object.keys(error.fields).sort()).toEqual(wrong.map((index) => `items.${index}.qtyReal`).sort());

    const started = performance.now();
    const saved = await c.post('/api/tswia/createWithItems', {
      invoice: { pay_date: '2026-07-01', yearId: 1 },
      items: lines,
    });
    const seconds = (performance.now() - started) / 1000;
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data[0].items).toHaveLength(LINES);
    console.info(`a ${LINES}-line count saved in ${seconds.toFixed(2)} s`);
    const { rows: moved } = await ctx().database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from stock_movement where source_kind = 'tswia' and source_id = ${saved.json().data[0].pay_id}`,
    );
    expect(moved[0]?.n).toBe(LINES);
  }, 180_000);
});
