-- Issue 33, part 5: price lists (docs/price-lists.md). A named list (retail, wholesale, ...) is the company's (no
-- store) or one store's; it holds a price per catalogue item (items.catalogue_id, so a company list prices the item in
-- every store) and unit. `unit` is null for the item's base unit: packagings (issue 33, part 4) will add a row per
-- unit without changing the key. A customer (a store's sub-account) may carry a list of the company or of its store.
CREATE TABLE "price_list" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer REFERENCES "store"("id"),
	"name" text NOT NULL CHECK (length(btrim("name")) > 0),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- A name is unique among the lists a store sees alike: the company's among themselves, each store's among its own.
CREATE UNIQUE INDEX "price_list_name_uq" ON "price_list" USING btree (coalesce("store_id", 0), "name");--> statement-breakpoint
CREATE TABLE "price_list_item" (
	"price_list_id" integer NOT NULL REFERENCES "price_list"("id") ON DELETE CASCADE,
	"catalogue_id" integer NOT NULL,
	"unit" text,
	"price" numeric(15, 2) NOT NULL CHECK ("price" >= 0),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_list_item_uq" UNIQUE NULLS NOT DISTINCT ("price_list_id", "catalogue_id", "unit")
);--> statement-breakpoint
CREATE INDEX "price_list_item_catalogue_idx" ON "price_list_item" USING btree ("catalogue_id");--> statement-breakpoint
ALTER TABLE "sub_accounts" ADD COLUMN "price_list_id" integer REFERENCES "price_list"("id");--> statement-breakpoint
CREATE INDEX "sub_accounts_price_list_idx" ON "sub_accounts" USING btree ("price_list_id") WHERE "price_list_id" IS NOT NULL;
