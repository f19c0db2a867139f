/**
 * Opens the database as the server uses it: migrated, then the start-up steps the book needs before the first
 * request. Every store gets the role accounts it lacks (a role added later never breaks an existing store), and the
 * store years a migration marked are posted again by today's rules (features/posting/costReplay.ts), and the separate
 * years saved before one book are joined (features/book/joinYears.ts).
 */
import { type Database, type DatabaseOptions, openDatabase } from '../../db/client.ts';
import { addMissingRoleAccounts } from '../accounts/accounts.defaults.ts';
import { addMissingTemplates } from '../journal/journalTemplates.ts';
import { replayPendingCosts } from '../posting/costReplay.ts';
import { joinSeparateYears } from './joinYears.ts';

export async function openBook(options: DatabaseOptions): Promise<Database> {
  const database = await openDatabase(options);
  try {
    await addMissingRoleAccounts(database.db);
    await addMissingTemplates(database.db);
    await replayPendingCosts(database.db);
    await joinSeparateYears(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
