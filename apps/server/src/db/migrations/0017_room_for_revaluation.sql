-- A back-dated change re-values every later movement of its items in place: their values, their lines' kept costs
-- and the documents' cost lines (docs/inventory-costing.md). None of those columns is indexed, so with room left on
-- each page PostgreSQL updates the rows in place (HOT) instead of writing every index again: a correction before
-- 20,000 later sales writes 80,000 rows. New pages keep 15% free; the next VACUUM FULL or CLUSTER rewrites old ones.
ALTER TABLE "stock_movement" SET (fillfactor = 85);--> statement-breakpoint
ALTER TABLE "trade_line" SET (fillfactor = 85);--> statement-breakpoint
ALTER TABLE "ledger_line" SET (fillfactor = 85);
