-- Issue 18: one book across years (docs/accounting-years.md). An item's movements are one chain in date order
-- whatever their year, so the chain index no longer starts with the year. Each class of the chart says on which
-- statement its accounts stand: balance-sheet accounts carry their balance into the next year, profit-and-loss
-- accounts start each year at zero (earlier years' profit is read as retained earnings). A store can lock a year.
DROP INDEX "stock_movement_chain_idx";--> statement-breakpoint
CREATE INDEX "stock_movement_chain_idx" ON "stock_movement" USING btree ("store_id","item_id","move_date","move_time");--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "statement" text DEFAULT 'balance_sheet' NOT NULL;--> statement-breakpoint
UPDATE "accounts" SET "statement" = 'profit_loss' WHERE "ac_id" IN (3, 5, 6);--> statement-breakpoint
CREATE TABLE "year_lock" (
  "store_id" integer NOT NULL REFERENCES "store"("id"),
  "yearId" integer NOT NULL REFERENCES "year"("id"),
  "closed_by" integer REFERENCES "users"("id"),
  "closed_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("store_id", "yearId")
);
