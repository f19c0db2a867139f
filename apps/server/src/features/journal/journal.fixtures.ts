/** What the journal API tests set up and read back: signed-in clients, the store's accounts, and the ledger. */
import { sql } from 'drizzle-orm';
import { TestClient, type TestContext } from '../../test/testApp.ts';
import { tradeFixtures } from '../trade/trade.fixtures.ts';

type AccountRow = { id: number; sub_name: string; role: string | null };
type LedgerRow = { account_id: number; debit: string; credit: string; line_date: string; memo: string | null };

export function journalFixtures(ctx: () => TestContext) {
  const { balancesOffTheLedger } = tradeFixtures(ctx);
  const db = () => ctx().database.db;
  const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    (await db().execute<T>(query)).rows;

  const signedIn = async (user = 'admin', password = 'admin123', storeId = 1) => {
    const c = new TestClient(ctx().app);
    await c.signIn(user, password, storeId);
    return c;
  };

  /** A store's accounts by role (`cash_box`, `bank`, `inventory`, ...) and by name (the demo's expense accounts). */
  const accountsOf = async (storeId: number) => {
    const found = await rows<AccountRow>(
      sql`select id, sub_name, role from sub_accounts where store_id = ${storeId} order by id`,
    );
    const byRole = (role: string) => {
      const account = found.find((a) => a.role === role);
      if (!account) throw new Error(`store ${storeId} has no ${role} account`);
      return account.id;
    };
    const byName = (name: string) => {
      const account = found.find((a) => a.sub_name === name);
      if (!account) throw new Error(`store ${storeId} has no account ${name}`);
      return account.id;
    };
    return { byRole, byName };
  };

  /** What a journal posted to the ledger, in the order it was written. */
  const ledgerOf = (jId: number) =>
    rows<LedgerRow>(sql`
      select account_id, debit::text, credit::text, line_date::text, memo from ledger_line
      where source_kind = 'journal' and source_id = ${jId} order by id`);

  /** An account's kept sums in a year (`account_balance`): debit less credit, '0.00' when it has none. */
  const keptBalance = async (accountId: number, yearId = 1) => {
    const [row] = await rows<{ balance: string }>(sql`
      select coalesce(sum(debit_total - credit_total), 0)::numeric(20, 2)::text as balance from account_balance
      where account_id = ${accountId} and "yearId" = ${yearId}`);
    return row?.balance;
  };

  /** Store years whose ledger's debits differ from its credits: none, always. */
  const unbalancedBooks = () =>
    rows<{ store_id: number; yearId: number }>(sql`
      select store_id, "yearId" from ledger_line group by 1, 2 having sum(debit) <> sum(credit)`);

  /** The books after a step: the ledger balances and every kept sum equals its ledger lines. */
  const booksAreRight = async () => ({ unbalanced: await unbalancedBooks(), off: await balancesOffTheLedger() });

  const countJournals = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from journal`))[0]?.n;

  return { signedIn, accountsOf, ledgerOf, keptBalance, booksAreRight, countJournals, rows };
}

/** The books as they must be after every step. */
export const RIGHT_BOOKS = { unbalanced: [], off: [] };
