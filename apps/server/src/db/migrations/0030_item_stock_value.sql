-- Each item's current value at cost kept beside its current quantity (`item_stock`): the sum of its `item_cost` values
-- of every year in its store, which is its value at cost "through the latest year", to the cent. Kept by the same
-- writer (posting.ts `addToItemCosts`) from the same deltas, rebuilt by the cost replay and checked by the same drift
-- query. The totals cards (value at cost and at selling price of every item) and the "> 0" filter of the latest year
-- then read one row per item instead of grouping every year's kept sums.
ALTER TABLE "item_stock" ADD COLUMN "value" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- What was posted before this column existed.
UPDATE "item_stock" k SET "value" = t."value"
FROM (SELECT c."store_id", c."item_id", sum(c."value") AS "value" FROM "item_cost" c GROUP BY c."store_id", c."item_id") t
WHERE k."item_id" = t."item_id" AND k."store_id" = t."store_id" AND t."value" <> 0;
