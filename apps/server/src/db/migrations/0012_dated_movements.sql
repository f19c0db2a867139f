-- Issue 18: stock movements carry their document's date and time and are costed in that order; the ledger keeps a
-- document's content (money) apart from its goods' value at cost (cost), so a payment-only edit never re-values
-- stock. Existing movements take their document's date (an opening quantity: its year's first day), and every store
-- year that moved stock is marked for the start-up replay, which posts it again by the new rules in date order.
DROP INDEX "stock_movement_store_item_year_idx";--> statement-breakpoint
ALTER TABLE "ledger_line" ADD COLUMN "part" text DEFAULT 'money' NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD COLUMN "move_date" date;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD COLUMN "move_time" time DEFAULT '00:00:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD COLUMN "line_no" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD COLUMN "mode" text DEFAULT 'fixed' NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD COLUMN "in_value" numeric(20, 2);--> statement-breakpoint
ALTER TABLE "stock_movement" ADD COLUMN "returns_of" integer;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD COLUMN "line_id" integer;--> statement-breakpoint
UPDATE "stock_movement" m SET "move_date" = d."pay_date", "move_time" = d."pay_time"
  FROM "trade_document" d WHERE m."source_kind" <> 'firstq' AND d."pay_id" = m."source_id";--> statement-breakpoint
UPDATE "stock_movement" m SET "move_date" = y."yearStart"
  FROM "year" y WHERE m."move_date" IS NULL AND y."id" = m."yearId";--> statement-breakpoint
ALTER TABLE "stock_movement" ALTER COLUMN "move_date" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "stock_movement_chain_idx" ON "stock_movement" USING btree ("store_id","item_id","yearId","move_date","move_time");--> statement-breakpoint
INSERT INTO "cost_replay_pending" ("store_id", "yearId")
  SELECT DISTINCT "store_id", "yearId" FROM "stock_movement" ON CONFLICT DO NOTHING;
