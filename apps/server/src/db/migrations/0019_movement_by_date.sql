-- The daily movement of every item (reports/dailyMovement, docs/item-movement.md) reads one date of a store's
-- movements; the chain index starts with the item, so without this the read scans the store's whole book.
CREATE INDEX IF NOT EXISTS "stock_movement_date_idx" ON "stock_movement" USING btree ("store_id","move_date");
