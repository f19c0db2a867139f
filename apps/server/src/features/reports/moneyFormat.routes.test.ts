/**
 * Money is always two decimals, quantities three (issue 35, finding 8): a report over a period with nothing in it
 * answers "0.00" and "0.000", never a bare "0" (`reports/itemMovement` answered `gross_profit: "0"`). Every report
 * is read over an empty December of 2026 (the demo's year 1) for a new item and a new customer, through the HTTP
 * layer, and every decimal string in its answer is looked at.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase, type TestClient } from '../../test/testApp.ts';
import { tradeFixtures } from '../trade/trade.fixtures.ts';

/** Fields that hold digits and are no figure (codes, phones, references, dates and times). */
const notFigures = new Set(['sub_code', 'code', 'part_no', 'item_parcode', 'phone', 'phone2', 'pay_ref', 'ref']);

/** Every numeric string of an answer that is not written with two or three decimals, with where it was. */
function bareNumbers(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => bareNumbers(item, `${path}[${index}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) =>
      notFigures.has(key) ? [] : bareNumbers(item, path ? `${path}.${key}` : key),
    );
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) && !/^-?\d+\.\d{2,3}$/.test(value))
    return [`${path} = "${value}"`];
  return [];
}

describeEachDatabase('money in reports over an empty period', (ctx) => {
  const { signedIn, setup } = tradeFixtures(ctx);
  const get = async (c: TestClient, url: string) => {
    const answer = await c.get(url);
    expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
    return answer.json();
  };

  it('itemMovement answers gross_profit "0.00" (and its quantities "0.000") for a period without movements', async () => {
    const c = await signedIn();
    const { item } = await setup(c, '0');
    const answer = await get(c, `/api/reports/itemMovement?item_id=${item.id}&from=2026-12-01&to=2026-12-31`);
    expect(answer.summary).toMatchObject({
      gross_profit: '0.00',
      opening: '0.000',
      incoming: '0.000',
      outgoing: '0.000',
      closing: '0.000',
    });
    const daily = await get(c, '/api/reports/dailyMovement?from=2026-12-31');
    expect(daily.summary).toMatchObject({ incoming: '0.000', outgoing: '0.000' });
  });

  it('no report answers a bare "0" for an amount or a quantity over an empty period', async () => {
    const c = await signedIn();
    const { item, customer } = await setup(c, '0');
    const empty = 'from=2026-12-01&to=2026-12-31';
    const legacyEmpty = 'search_type=2&start_date=2026-12-01&end_date=2026-12-31';
    const urls = [
      `/api/reports/itemMovement?item_id=${item.id}&${empty}`,
      '/api/reports/dailyMovement?from=2026-12-31',
      `/api/reports/profitAndLoss?${empty}`,
      '/api/reports/balanceSheet?as_of=2026-12-31',
      `/api/reports/cashBook?${empty}`,
      `/api/reports/grossProfit?${empty}`,
      `/api/reports/grossProfit?${empty}&by=invoice`,
      '/api/reports/aging?as_of=2026-12-31',
      '/api/reports/aging?as_of=2026-12-31&side=payable',
      `/api/reports/vat?${empty}`,
      `/api/reports/partySales?${empty}`,
      `/api/reports/partySales?${empty}&side=purchases`,
      `/api/sub_accounts/getStatementWithBalance?account_id=${customer.id}&${legacyEmpty}`,
      `/api/sub_accounts/getComprehensiveBalanceSheet?${legacyEmpty}&segment=customers`,
      `/api/sub_accounts/getAccountBalance?account_id=${customer.id}`,
      '/api/dashboard/read?date=2026-12-31',
    ];
    const found: string[] = [];
    for (const url of urls) for (const bare of bareNumbers(await get(c, url))) found.push(`${url}: ${bare}`);
    expect(found).toEqual([]);
  });
});
