-- Issue 33, part 2: stock transfers between the company's stores (docs/transfers.md). A transfer sends goods from one
-- store (its lines leave at the sender's moving average, source `transfer`, into the goods-in-transit account); each
-- receipt brings all or part of its lines into the receiving store (or, sent back, into the sender) at exactly their
-- share of what left (source `transfer_receipt`, movements `transferred`). Ids come from the trade documents'
-- sequence, as every document that moves stock (the cost engine orders a day's movements by source id).
CREATE TABLE "stock_transfer" (
	"pay_id" integer PRIMARY KEY DEFAULT nextval('trade_document_pay_id_seq') NOT NULL,
	"pay_ref" text NOT NULL,
	"from_store_id" integer NOT NULL REFERENCES "store"("id"),
	"to_store_id" integer NOT NULL REFERENCES "store"("id"),
	"yearId" integer NOT NULL REFERENCES "year"("id"),
	"user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"transfer_date" date NOT NULL,
	"transfer_time" time NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_transfer_two_stores" CHECK ("from_store_id" <> "to_store_id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "stock_transfer_ref_uq" ON "stock_transfer" USING btree ("from_store_id", "pay_ref");--> statement-breakpoint
CREATE INDEX "stock_transfer_from_idx" ON "stock_transfer" USING btree ("from_store_id", "transfer_date");--> statement-breakpoint
CREATE INDEX "stock_transfer_to_idx" ON "stock_transfer" USING btree ("to_store_id", "transfer_date");--> statement-breakpoint
-- A line names the same catalogue item in both stores: the sender's row it leaves and the receiver's it comes into.
-- `received` and `sent_back` are the sums of its receipts' lines, kept by the receipts' saves.
CREATE TABLE "stock_transfer_line" (
	"id" serial PRIMARY KEY NOT NULL,
	"transfer_id" integer NOT NULL REFERENCES "stock_transfer"("pay_id") ON DELETE CASCADE,
	"line_no" integer NOT NULL,
	"from_item_id" integer NOT NULL REFERENCES "items"("id"),
	"to_item_id" integer NOT NULL REFERENCES "items"("id"),
	"item_name" text NOT NULL,
	"quantity" numeric(15, 3) NOT NULL CHECK ("quantity" > 0),
	"received" numeric(15, 3) DEFAULT 0 NOT NULL,
	"sent_back" numeric(15, 3) DEFAULT 0 NOT NULL,
	CONSTRAINT "stock_transfer_line_within" CHECK ("received" >= 0 AND "sent_back" >= 0
		AND "received" + "sent_back" <= "quantity")
);--> statement-breakpoint
CREATE UNIQUE INDEX "stock_transfer_line_no_uq" ON "stock_transfer_line" USING btree ("transfer_id", "line_no");--> statement-breakpoint
CREATE TABLE "transfer_receipt" (
	"pay_id" integer PRIMARY KEY DEFAULT nextval('trade_document_pay_id_seq') NOT NULL,
	"pay_ref" text NOT NULL,
	"transfer_id" integer NOT NULL REFERENCES "stock_transfer"("pay_id"),
	-- The store the goods came into: the transfer's receiving store, or its sending store for goods sent back.
	"store_id" integer NOT NULL REFERENCES "store"("id"),
	"sent_back" boolean DEFAULT false NOT NULL,
	"yearId" integer NOT NULL REFERENCES "year"("id"),
	"user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"receipt_date" date NOT NULL,
	"receipt_time" time NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_receipt_ref_uq" ON "transfer_receipt" USING btree ("store_id", "pay_ref");--> statement-breakpoint
CREATE INDEX "transfer_receipt_transfer_idx" ON "transfer_receipt" USING btree ("transfer_id");--> statement-breakpoint
CREATE TABLE "transfer_receipt_line" (
	"id" serial PRIMARY KEY NOT NULL,
	"receipt_id" integer NOT NULL REFERENCES "transfer_receipt"("pay_id") ON DELETE CASCADE,
	"line_no" integer NOT NULL,
	"transfer_line_id" integer NOT NULL REFERENCES "stock_transfer_line"("id"),
	"item_id" integer NOT NULL REFERENCES "items"("id"),
	"quantity" numeric(15, 3) NOT NULL CHECK ("quantity" > 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_receipt_line_no_uq" ON "transfer_receipt_line" USING btree ("receipt_id", "line_no");--> statement-breakpoint
CREATE INDEX "transfer_receipt_line_of_idx" ON "transfer_receipt_line" USING btree ("transfer_line_id");--> statement-breakpoint
-- Every store's goods-in-transit account (role `goods_in_transit`, asset): what it sent (debit) and received (credit)
-- at cost. A name or code a store already uses gets the system's mark, as 0025's VAT accounts did.
INSERT INTO "sub_accounts" ("store_id", "ac_id", "sub_name", "sub_code", "sub_type", "cat_id", "role", "account_type")
SELECT s."id", 8,
	CASE WHEN EXISTS (SELECT 1 FROM "sub_accounts" a WHERE a."store_id" = s."id" AND a."sub_name" = 'بضاعة محولة بين المخازن')
		THEN 'بضاعة محولة بين المخازن (النظام)' ELSE 'بضاعة محولة بين المخازن' END,
	CASE WHEN EXISTS (SELECT 1 FROM "sub_accounts" a WHERE a."store_id" = s."id" AND a."sub_code" = '804')
		THEN '804-SYS' ELSE '804' END,
	'debit', 5, 'goods_in_transit', 'asset'
FROM "store" s
WHERE NOT EXISTS (SELECT 1 FROM "sub_accounts" a WHERE a."store_id" = s."id" AND a."role" = 'goods_in_transit');--> statement-breakpoint
-- Who may send and receive: a store keeper creates and edits transfers as purchases; the managing roles all of it.
UPDATE "role" SET "permissions" = "permissions" || ARRAY['transfer.create', 'transfer.edit']
	WHERE "id" = 4 AND NOT 'transfer.create' = ANY("permissions");--> statement-breakpoint
UPDATE "role" SET "permissions" = "permissions" || ARRAY['transfer.create', 'transfer.edit', 'transfer.delete',
	'transfer.backDate', 'transfer.others', 'transfer.otherDay']
	WHERE "id" IN (1, 2) AND NOT 'transfer.create' = ANY("permissions");
