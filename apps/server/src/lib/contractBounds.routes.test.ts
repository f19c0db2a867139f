/**
 * Issue 22: inputs that passed the contract and were refused by the database with no field named, and ids read
 * from booleans (`{"id": true}` was user 1). Every input that reaches the database is bounded by the contract first.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase, TestClient } from '../test/testApp.ts';

describeEachDatabase('inputs are bounded by the contract, naming the field', (ctx) => {
  const admin = async () => {
    const c = new TestClient(ctx().app);
    await c.signIn();
    return c;
  };
  const refusedField = (answer: { statusCode: number; json: () => { error: { fields?: Record<string, string> } } }) => {
    expect(answer.statusCode).toBe(400);
    return answer.json().error.fields ?? {};
  };

  it('a negative bulk price change is refused on its field', async () => {
    const c = await admin();
    for (const path of ['/api/items/increasePrice', '/api/items/decreasePrice']) {
      expect(refusedField(await c.post(path, { payval: '-5' })).payval).toBe('AMOUNT_NEGATIVE');
      expect(refusedField(await c.post(path, { perchval: '-1', mode: 'percent' })).perchval).toBe('AMOUNT_NEGATIVE');
    }
  });

  it('an id past the database range in pay_ids is refused on pay_ids', async () => {
    const c = await admin();
    const answer = await c.get('/api/sales_returns/returnedByInvoice?pay_ids=1,99999999999');
    expect(refusedField(answer).pay_ids).toBe('TOO_BIG');
  });

  it('an opening whose value would pass the book is refused on its price', async () => {
    const c = await admin();
    const item = (
      await c.post('/api/items/create', { item_name: 'حد السعر', part_no: 'BOUND-1', perch_price: '1', pay_price: '2' })
    ).json().data[0];
    const answer = await c.post('/api/firstq/createf', {
      item_id: item.id,
      quantity: '999999999',
      perch_price: '999999999999.99',
      pay_price: '999999999999.99',
    });
    const fields = refusedField(answer);
    expect(fields.perch_price ?? fields.quantity).toBe('AMOUNT_TOO_LARGE');
  });

  it('ids are whole numbers: never read from true, an array or null', async () => {
    const c = await admin();
    for (const id of [true, false, [1], null, 'true', '1e0x', {}]) {
      const answer = await c.post('/api/users/setActive', { id, is_active: true });
      expect(answer.statusCode, JSON.stringify(id)).toBe(400);
      expect(answer.json().error.fields.id, JSON.stringify(id)).toBeDefined();
    }
    // A legacy client's id as text, in any digits, still reads.
    const me = (await c.get('/api/users/me')).json().data[0].id as number;
    expect((await c.post('/api/users/setActive', { id: String(me), is_active: true })).statusCode).toBe(200);
  });
});
