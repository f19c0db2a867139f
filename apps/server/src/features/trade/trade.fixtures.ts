/** What the trade API tests set up and read back: a signed-in client, an item with stock and its parties. */
import { and, eq, sql } from 'drizzle-orm';
import { stockMovement } from '../../db/schema.ts';
import { TestClient, type TestContext } from '../../test/testApp.ts';
import { ledgerSumsInvariants } from '../posting/ledgerSums.invariants.ts';

export function tradeFixtures(ctx: () => TestContext) {
  const signedIn = async (user = 'admin', password = 'admin123', storeId = 1) => {
    const c = new TestClient(ctx().app);
    await c.signIn(user, password, storeId);
    return c;
  };
  /**
   * An item with an opening quantity, a customer who buys on credit, the walk-in customer (who pays in full: a
   * remainder on him is refused) and a supplier, in store 1.
   */
  const setup = async (c: TestClient, opening = '10') => {
    const item = (
      await c.post('/api/items/create', {
        item_name: `صنف ${Math.random()}`,
        perch_price: '80',
        pay_price: '100',
        firstQuantity: opening,
      })
    ).json().data[0];
    const walkIn = (await c.get('/api/sub_accounts/readByStore?ac_id=1'))
      .json()
      .data.find((a: { sub_name: string }) => a.sub_name === 'عميل نقدي');
    const created = await c.post('/api/sub_accounts/create', {
      sub_name: `عميل آجل ${Math.random()}`,
      ac_id: 1,
      cat_id: 1,
      sub_balance: '0',
    });
    if (created.statusCode !== 200) throw new Error(`the credit customer was not created: ${created.body}`);
    const customer = created.json().data[0];
    const supplier = (await c.get('/api/sub_accounts/readByStore?ac_id=2')).json().data[0];
    return { item, customer, walkIn, supplier };
  };
  /** The item's stock in year 1, from the posted movements. */
  const stockOf = async (itemId: number) => {
    const [row] = await ctx()
      .database.db.select({ q: sql<string>`coalesce(sum(${stockMovement.quantity}), 0)::text` })
      .from(stockMovement)
      .where(and(eq(stockMovement.item_id, itemId), eq(stockMovement.yearId, 1)));
    return row?.q;
  };
  const balanceOf = async (c: TestClient, accountId: number) =>
    (await c.get(`/api/sub_accounts/getAccountBalance?account_id=${accountId}&yearId=1`)).json().data[0];
  /**
   * Accounts whose kept sums (`account_balance` per year, `account_day` per day and kind) differ from the sums of
   * their ledger lines: none, always.
   */
  const balancesOffTheLedger = async () => [
    ...new Set((await ledgerSumsInvariants(ctx().database.db)).map((row) => row.account_id)),
  ];
  return { signedIn, setup, stockOf, balanceOf, balancesOffTheLedger };
}

/** A VAT-registered company (Saudi Arabia, riyal) as the VAT tests make the demo's company. */
export const vatRegisteredCompany = {
  arName: 'مؤسسة ميزان للتجارة',
  engName: 'Mizan Trading',
  country_code: 'SA',
  vatNo: '300123456700003',
  currency_code: 'SAR',
  currency_symbol: 'ر.س',
  currency_decimals: 2,
};
