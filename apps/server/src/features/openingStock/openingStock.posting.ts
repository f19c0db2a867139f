import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { firstq, stockMovement } from '../../db/schema.ts';

export type OpeningQuantity = {
  item_id: number;
  store_id: number;
  fq_year: number;
  quantity: string;
  pay_price: string;
  perch_price: string;
};

/**
 * What an opening quantity posts: its `firstq` row and one stock movement of +quantity in its year.
 * Setting it again replaces both, so the stock never counts an opening quantity twice.
 */
export async function postOpeningQuantity(tx: DbOrTx, opening: OpeningQuantity): Promise<number> {
  const [row] = await tx
    .insert(firstq)
    .values(opening)
    .onConflictDoUpdate({
      target: [firstq.item_id, firstq.store_id, firstq.fq_year],
      set: { quantity: opening.quantity, pay_price: opening.pay_price, perch_price: opening.perch_price },
    })
    .returning({ id: firstq.id });
  if (!row) throw new Error('opening quantity was not saved');
  await tx
    .delete(stockMovement)
    .where(and(eq(stockMovement.source_kind, 'firstq'), eq(stockMovement.source_id, row.id)));
  await tx.insert(stockMovement).values({
    store_id: opening.store_id,
    yearId: opening.fq_year,
    item_id: opening.item_id,
    quantity: opening.quantity,
    source_kind: 'firstq',
    source_id: row.id,
  });
  return row.id;
}
