/**
 * What the generator's tests share that compare store 1 (its documents written set-based) with store 2 (the same
 * documents saved one by one through the screens' calls): both stores must read the same, accounts compared by code
 * and documents by their number in their kind.
 */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DbOrTx } from '../../db/client.ts';
import type { TestClient } from '../../test/testApp.ts';

export function sameShopFixtures(db: () => DbOrTx) {
  const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    (await db().execute<T>(query)).rows;
  /** The account a column names, by its code (or its name): the same in both stores. */
  const account = (column: string) =>
    sql.raw(`(select coalesce(a.sub_code, a.sub_name) from sub_accounts a where a.id = ${column})`);
  return {
    rows,
    /** Store 2 gets the expense accounts the demo gives store 1 (rent, electricity), with the same codes. */
    copyExpenseAccounts: () =>
      db().execute(sql`insert into sub_accounts (store_id, ac_id, sub_name, sub_code, sub_type, cat_id, account_type)
        select 2, ac_id, sub_name, sub_code, sub_type, cat_id, account_type from sub_accounts
        where store_id = 1 and account_type = 'expense' and role is null order by id`),
    account,
    /**
     * A store's kept day sums of its documents, accounts by code (not the accounts' opening balances: the demo gives
     * store 1's workshop one, posted on its day, that store 2 has not).
     */
    daySums: (storeId: number) =>
      rows(sql`select ${account('d.account_id')} as account, d.line_date::text, d.source_kind,
          d.debit_total::text, d.credit_total::text
        from account_day d where d.store_id = ${storeId} and d.source_kind <> 'sub_balance' order by 1, 2, 3`),
  };
}

/** Every page of an account's statement through the screen's call (the running balance continues page to page). */
export async function statementOf(c: TestClient, accountId: number, pageSize: number) {
  const lines: unknown[][] = [];
  for (let page = 1; ; page++) {
    const answer = await c.get(
      `/api/sub_accounts/getStatementWithBalance?account_id=${accountId}&pageSize=${pageSize}&page=${page}`,
    );
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    const data = body.data as Record<string, unknown>[];
    lines.push(
      ...data.map((row) => [
        row.line_date,
        row.source_kind,
        String(row.reference ?? '').slice(-6),
        row.memo,
        row.debit,
        row.credit,
        row.running_balance,
      ]),
    );
    if (data.length < pageSize) return { closing: body.current_balance, lines };
  }
}
