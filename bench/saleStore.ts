import { buildApp } from '../apps/server/src/app.ts';
import { openBook } from '../apps/server/src/features/book/openBook.ts';
import { seedDemoIfEmpty } from '../apps/server/src/features/demo/demo.seed.ts';
import { TestClient } from '../apps/server/src/test/testApp.ts';
import { benchDatabase } from './benchDatabase.ts';

export async function openSaleStore(folderPrefix: string, item: { name: string; quantity: string }) {
  const { options } = benchDatabase(folderPrefix);
  const database = await openBook(options);
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
