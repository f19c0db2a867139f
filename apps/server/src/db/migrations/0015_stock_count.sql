-- Issue 18, part 2: stock counts (tswia). A count's id is drawn from the trade documents' sequence, so no count shares
-- an id with an invoice (the cost engine orders a day's movements, and finds a return's original, by id).
CREATE TABLE "stock_count" (
	"pay_id" integer PRIMARY KEY DEFAULT nextval('trade_document_pay_id_seq') NOT NULL,
	"pay_ref" text NOT NULL,
	"store_id" integer NOT NULL,
	"yearId" integer NOT NULL,
	"user_id" integer,
	"tot_pr" numeric(15, 2) DEFAULT '0' NOT NULL,
	"pay_date" date NOT NULL,
	"pay_time" time NOT NULL,
	"payComment" text,
	"idempotency_key" text,
	"idempotency_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_count_line" (
	"id" serial PRIMARY KEY NOT NULL,
	"pay_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"item_id" integer NOT NULL,
	"item_name" text NOT NULL,
	"availQty" numeric(15, 3) NOT NULL,
	"qtyReal" numeric(15, 3) NOT NULL,
	"quantity" numeric(15, 3) NOT NULL,
	"pay_price" numeric(15, 2) NOT NULL,
	"perch_price" numeric(15, 2) NOT NULL,
	"tot" numeric(15, 2) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_count" ADD CONSTRAINT "stock_count_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count" ADD CONSTRAINT "stock_count_yearId_year_id_fk" FOREIGN KEY ("yearId") REFERENCES "public"."year"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count" ADD CONSTRAINT "stock_count_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_line" ADD CONSTRAINT "stock_count_line_pay_id_stock_count_pay_id_fk" FOREIGN KEY ("pay_id") REFERENCES "public"."stock_count"("pay_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_line" ADD CONSTRAINT "stock_count_line_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_line" ADD CONSTRAINT "stock_count_line_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_count_ref_uq" ON "stock_count" USING btree ("store_id","pay_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_count_idem_uq" ON "stock_count" USING btree ("store_id","idempotency_key") WHERE "stock_count"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "stock_count_list_idx" ON "stock_count" USING btree ("store_id","yearId","pay_date");--> statement-breakpoint
CREATE INDEX "stock_count_line_doc_idx" ON "stock_count_line" USING btree ("pay_id","line_no");--> statement-breakpoint
CREATE INDEX "stock_count_line_item_idx" ON "stock_count_line" USING btree ("store_id","item_id");--> statement-breakpoint
-- The account a count's differences post to, against inventory (role stock_adjustment, an expense of class 6 beside
-- cost of sales): every existing store gets it, as 0010 gave them inventory. A name or code in use steps aside.
INSERT INTO "sub_accounts" ("store_id", "ac_id", "sub_name", "sub_code", "sub_type", "cat_id", "role")
SELECT s."id", 6,
  CASE WHEN EXISTS (SELECT 1 FROM "sub_accounts" a WHERE a."store_id" = s."id" AND a."sub_name" = 'فروقات الجرد')
    THEN 'فروقات الجرد (النظام)' ELSE 'فروقات الجرد' END,
  CASE WHEN EXISTS (SELECT 1 FROM "sub_accounts" a WHERE a."store_id" = s."id" AND a."sub_code" = '603')
    THEN '603-SYS' ELSE '603' END,
  'debit', 5, 'stock_adjustment'
FROM "store" s
WHERE NOT EXISTS (SELECT 1 FROM "sub_accounts" a WHERE a."store_id" = s."id" AND a."role" = 'stock_adjustment');
