CREATE TABLE "cost_replay_pending" (
	"store_id" integer NOT NULL,
	"yearId" integer NOT NULL,
	CONSTRAINT "cost_replay_pending_store_id_yearId_pk" PRIMARY KEY("store_id","yearId")
);
--> statement-breakpoint
CREATE TABLE "item_cost" (
	"store_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"yearId" integer NOT NULL,
	"quantity" numeric(15, 3) DEFAULT '0' NOT NULL,
	"value" numeric(20, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "item_cost_store_id_item_id_yearId_pk" PRIMARY KEY("store_id","item_id","yearId")
);
--> statement-breakpoint
ALTER TABLE "stock_movement" ADD COLUMN "value" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_line" ADD COLUMN "cost" numeric(20, 2);--> statement-breakpoint
ALTER TABLE "item_cost" ADD CONSTRAINT "item_cost_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_cost" ADD CONSTRAINT "item_cost_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_cost" ADD CONSTRAINT "item_cost_yearId_year_id_fk" FOREIGN KEY ("yearId") REFERENCES "public"."year"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Perpetual inventory at moving-average cost (issue 10, docs/inventory-costing.md). Every store gets the accounts the
-- new posting needs, found by role: inventory (an asset), cost of sales and discount allowed (expenses), discount
-- received (revenue). Like the opening-balance account of 0008, a name or code a store already uses steps aside.
INSERT INTO "sub_accounts" ("store_id", "ac_id", "sub_name", "sub_code", "sub_type", "cat_id", "role")
SELECT s."id", r."ac_id",
  CASE WHEN EXISTS (SELECT 1 FROM "sub_accounts" a WHERE a."store_id" = s."id" AND a."sub_name" = r."sub_name")
    THEN r."sub_name" || ' (النظام)' ELSE r."sub_name" END,
  CASE WHEN EXISTS (SELECT 1 FROM "sub_accounts" a WHERE a."store_id" = s."id" AND a."sub_code" = r."sub_code")
    THEN r."sub_code" || '-SYS' ELSE r."sub_code" END,
  r."sub_type", 5, r."role"
FROM "store" s
CROSS JOIN (VALUES
  (8, 'المخزون', '801', 'debit', 'inventory'),
  (6, 'تكلفة المبيعات', '602', 'debit', 'cost_of_sales'),
  (3, 'الخصم المسموح به', '390', 'debit', 'discount_allowed'),
  (5, 'الخصم المكتسب', '502', 'credit', 'discount_received')
) AS r("ac_id", "sub_name", "sub_code", "sub_type", "role")
WHERE NOT EXISTS (SELECT 1 FROM "sub_accounts" a WHERE a."store_id" = s."id" AND a."role" = r."role");
--> statement-breakpoint
-- The store years saved before this migration: their stock is valued at cost and their purchases and sales reposted
-- by the start-up step that follows the migrations (db/costReplay.ts, in TypeScript through the posting rules).
INSERT INTO "cost_replay_pending" ("store_id", "yearId")
SELECT "store_id", "yearId" FROM "stock_movement"
UNION SELECT "store_id", "yearId" FROM "trade_document" WHERE "kind" IN ('pay', 'perch');
