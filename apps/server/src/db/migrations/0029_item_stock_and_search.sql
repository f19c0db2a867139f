-- Each item's current quantity kept beside its per-year sums (`item_cost`): the sum of all its years' quantities in
-- its store, which is its quantity "through the latest year". Kept by the same writer (posting.ts `addToItemCosts`)
-- from the same deltas, in the document's transaction, and checked by the same drift query. The quantity filters of
-- the stock reads (= 0, > 0, < 0, below the minimum) and their counts then read the matching items from an index
-- instead of every item's per-year sums. The item's minimum quantity is copied beside it so that "below the minimum"
-- is an index too. A row for every item: an item that never moved is at 0 (the "= 0" filter takes it in).
CREATE TABLE "item_stock" (
	"item_id" integer PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"quantity" numeric(15, 3) DEFAULT '0' NOT NULL,
	"min_qty" numeric(15, 3) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "item_stock" ADD CONSTRAINT "item_stock_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_stock" ADD CONSTRAINT "item_stock_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_stock_quantity_idx" ON "item_stock" USING btree ("store_id","quantity");--> statement-breakpoint
-- Only the items under their minimum: the notifications' list and its count read just them.
CREATE INDEX "item_stock_below_min_idx" ON "item_stock" USING btree ("store_id","item_id") WHERE "quantity" < "min_qty";--> statement-breakpoint
-- Every path that writes items (the items screen, the legacy batches, the Excel import, the demo and benchmark
-- generator, a test's own insert) gives the item its row and its minimum without knowing of this table: statement
-- triggers over the rows the statement wrote, so an import of 50,000 items is one insert here, not 50,000.
CREATE FUNCTION "item_stock_follow_items"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "item_stock" ("item_id", "store_id", "min_qty")
	SELECT "id", "store_id", "min_qty" FROM "written_items" ORDER BY "id"
	ON CONFLICT ("item_id") DO UPDATE SET "min_qty" = excluded."min_qty"
	WHERE "item_stock"."min_qty" IS DISTINCT FROM excluded."min_qty";
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "items_inserted_item_stock" AFTER INSERT ON "items" REFERENCING NEW TABLE AS "written_items"
	FOR EACH STATEMENT EXECUTE FUNCTION "item_stock_follow_items"();--> statement-breakpoint
CREATE TRIGGER "items_updated_item_stock" AFTER UPDATE ON "items" REFERENCING NEW TABLE AS "written_items"
	FOR EACH STATEMENT EXECUTE FUNCTION "item_stock_follow_items"();--> statement-breakpoint
-- What was posted before this table existed.
INSERT INTO "item_stock" ("item_id", "store_id", "quantity", "min_qty")
SELECT i."id", i."store_id",
	coalesce((SELECT sum(k."quantity") FROM "item_cost" k WHERE k."store_id" = i."store_id" AND k."item_id" = i."id"), 0),
	i."min_qty"
FROM "items" i;--> statement-breakpoint
-- The filters' plans need its statistics at once, not when autovacuum first comes by.
ANALYZE "item_stock";--> statement-breakpoint
-- Search by name, English name, alias and code (`ilike '%term%'`) reads the items whose trigrams match instead of
-- every item of the store: one trigram index over the four columns joined, the expression the search filters on
-- (features/items/itemSearch.ts; four indexes, one a column, cost more than a scan of the store in the planner's
-- estimate and were not chosen). pg_trgm is a trusted extension (PostgreSQL 13+): the database's owner may create
-- it; the embedded database loads it from PGlite's contrib package (db/embedded/pglite.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "items_search_trgm_idx" ON "items" USING gin ((coalesce("item_name", '') || ' ' || coalesce("item_desc", '') || ' ' || coalesce("aliasEn", '') || ' ' || coalesce("part_no", '')) gin_trgm_ops);--> statement-breakpoint
-- The joined text's statistics (gathered for an indexed expression): without them the planner takes a search for
-- one row and joins its hundreds of matches as if it were.
ANALYZE "items";
