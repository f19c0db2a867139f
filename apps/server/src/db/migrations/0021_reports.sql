-- Reports over the one ledger (docs/reports.md).
-- An account's statement reads its lines in date order from an index: the opening balance is a sum over a range of
-- it, each page a window over the next range. No amount is in the index, so the cost engine's in-place rewrites of
-- values stay HOT updates (migration 0017).
CREATE INDEX "ledger_line_statement_idx" ON "ledger_line" USING btree ("store_id","account_id","line_date","id");--> statement-breakpoint
-- What is still owed on each sale and purchase: the one source of aged receivables and payables. Today the
-- remainder is the invoice's own (total less what was paid on it); allocations of vouchers to invoices are to
-- reduce it here, and every report reading this view follows.
CREATE VIEW "invoice_remainder" AS
  SELECT d.pay_id, d.store_id, d."yearId", d.kind, d.cust_id, d.pay_ref, d.pay_date, d."nextPay",
    coalesce(d."nextPay", d.pay_date) AS due_date,
    (d.tot_pr - d.discount) AS total, d.pay AS paid, d.changee AS remainder
  FROM "trade_document" d
  WHERE d.kind IN ('pay', 'perch') AND NOT d.awaiting_lines;--> statement-breakpoint
-- Journal templates (`j_type`, `j_typeDetails`): a name, a description, a default amount and the accounts its
-- debit rows ("من حساب") and credit rows ("الي حساب") start with.
CREATE TABLE "j_type" (
  "id" serial PRIMARY KEY NOT NULL,
  "store_id" integer NOT NULL REFERENCES "store"("id"),
  "type_name" text NOT NULL,
  "type_desc" text,
  "default_val" numeric(15, 2) DEFAULT '0' NOT NULL,
  "default_details" text,
  "from_count" integer DEFAULT 1 NOT NULL,
  "to_count" integer DEFAULT 1 NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "j_type_store_name_uq" ON "j_type" USING btree ("store_id","type_name");--> statement-breakpoint
CREATE TABLE "j_type_details" (
  "id" serial PRIMARY KEY NOT NULL,
  "jType_id" integer NOT NULL REFERENCES "j_type"("id") ON DELETE CASCADE,
  "store_id" integer NOT NULL REFERENCES "store"("id"),
  "ac_id" integer NOT NULL REFERENCES "sub_accounts"("id") ON DELETE CASCADE,
  "type_ac" text NOT NULL CHECK ("type_ac" IN ('debit', 'credit'))
);--> statement-breakpoint
CREATE INDEX "j_type_details_store_idx" ON "j_type_details" USING btree ("store_id","jType_id");
