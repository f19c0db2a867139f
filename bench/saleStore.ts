/**
 * A store to time sales in (bench/offline-sync.ts, bench/sale-statements.ts): `DATABASE_URL`, or a new embedded
 * database in a temporary folder, with the demo's company, stores and users, the app answering in-process
 * (`app.inject`), the administrator signed in, one item with `quantity` in stock and the walk-in customer's id.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { openBook } from '../apps/server/src/features/book/openBook.ts';
import { seedDemoIfEmpty } from '../apps/server/src/features/demo/demo.seed.ts';
import { TestClient } from '../apps/server/src/test/testApp.ts';

export async function openSaleStore(folderPrefix: string, item: { name: string; quantity: string }) {
  const dataDir = process.env.DATABASE_URL ? undefined : mkdtempSync(join(tmpdir(), folderPrefix));
  const database = await openBook(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir });
  await seedDemoIfEmpty(database.db);
  const app = await buildApp({ db: database.db, checkDatabase: database.check });
  await app.ready();
  const client = new TestClient(app);
  await client.signIn();
  const created = (
    await client.post('/api/items/create', {
      item_name: item.name,
      perch_price: '80',
      pay_price: '100',
      firstQuantity: item.quantity,
    })
  ).json().data[0] as { id: number };
  const walkIn = (await client.get('/api/sub_accounts/readByStore?ac_id=1'))
    .json()
    .data.find((a: { sub_name: string }) => a.sub_name === 'عميل نقدي') as { id: number };
  const close = async () => {
    await app.close();
    await database.close();
  };
  return { database, app, client, itemId: created.id, walkInId: walkIn.id, close };
}
