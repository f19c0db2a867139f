-- Issue 20 (accounts and vouchers, docs/vouchers.md). Every account gets a type (asset, liability, equity, income,
-- cost of sales, expense: on which statement and in which group a report shows it) and may have a parent account of
-- the same type, so the chart is a tree of any depth. Existing accounts get their type from their class and role.
-- A trade document may name the money account (any cash box or bank) its payment went to; none: the cash box, or the
-- bank by its method, as before. A journal may be a voucher (receipt, payment, expense) of a money account and one
-- other account, and a voucher of a customer or supplier settles some of their invoices (`payment_allocation`):
-- an invoice's remainder is its `changee` less what vouchers allocated to it.
ALTER TABLE "sub_accounts" ADD COLUMN "account_type" text;--> statement-breakpoint
UPDATE "sub_accounts" SET "account_type" = CASE
  WHEN "role" IN ('purchases', 'cost_of_sales', 'stock_adjustment') THEN 'cost_of_sales'
  WHEN "role" = 'discount_allowed' THEN 'expense'
  WHEN "ac_id" = 2 THEN 'liability'
  WHEN "ac_id" = 3 THEN 'expense'
  WHEN "ac_id" = 5 THEN 'income'
  WHEN "ac_id" = 6 THEN 'cost_of_sales'
  WHEN "ac_id" = 7 THEN 'equity'
  WHEN "ac_id" = 8 AND "sub_type" = 'credit' THEN 'liability'
  ELSE 'asset' END;--> statement-breakpoint
ALTER TABLE "sub_accounts" ALTER COLUMN "account_type" SET NOT NULL;--> statement-breakpoint
-- An insert that names no type (set-based generators, a script) gets its class's, by the same rule as above and as
-- the contract's `defaultAccountType`.
CREATE OR REPLACE FUNCTION "sub_accounts_default_type"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."account_type" IS NULL THEN
    NEW."account_type" := CASE
  WHEN NEW."role" IN ('purchases', 'cost_of_sales', 'stock_adjustment') THEN 'cost_of_sales'
  WHEN NEW."role" = 'discount_allowed' THEN 'expense'
  WHEN NEW."ac_id" = 2 THEN 'liability'
  WHEN NEW."ac_id" = 3 THEN 'expense'
  WHEN NEW."ac_id" = 5 THEN 'income'
  WHEN NEW."ac_id" = 6 THEN 'cost_of_sales'
  WHEN NEW."ac_id" = 7 THEN 'equity'
  WHEN NEW."ac_id" = 8 AND NEW."sub_type" = 'credit' THEN 'liability'
  ELSE 'asset' END;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "sub_accounts_default_type" BEFORE INSERT ON "sub_accounts"
  FOR EACH ROW EXECUTE FUNCTION "sub_accounts_default_type"();--> statement-breakpoint
ALTER TABLE "sub_accounts" ADD CONSTRAINT "sub_accounts_type_check" CHECK ("account_type" IN ('asset', 'liability', 'equity', 'income', 'cost_of_sales', 'expense'));--> statement-breakpoint
ALTER TABLE "sub_accounts" ADD COLUMN "parent_id" integer REFERENCES "sub_accounts"("id");--> statement-breakpoint
ALTER TABLE "sub_accounts" ADD CONSTRAINT "sub_accounts_parent_not_self" CHECK ("parent_id" IS NULL OR "parent_id" <> "id");--> statement-breakpoint
CREATE INDEX "sub_accounts_parent_idx" ON "sub_accounts" USING btree ("parent_id") WHERE "parent_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_document" ADD COLUMN "money_account_id" integer REFERENCES "sub_accounts"("id");--> statement-breakpoint
ALTER TABLE "journal" ADD COLUMN "voucher_kind" text;--> statement-breakpoint
ALTER TABLE "journal" ADD CONSTRAINT "journal_voucher_kind_check" CHECK ("voucher_kind" IS NULL OR "voucher_kind" IN ('receipt', 'payment', 'expense'));--> statement-breakpoint
ALTER TABLE "journal" ADD COLUMN "money_account_id" integer REFERENCES "sub_accounts"("id");--> statement-breakpoint
ALTER TABLE "journal" ADD COLUMN "account_id" integer REFERENCES "sub_accounts"("id");--> statement-breakpoint
CREATE INDEX "journal_voucher_idx" ON "journal" USING btree ("store_id","yearId","j_date") WHERE "voucher_kind" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "payment_allocation" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL REFERENCES "store"("id"),
	"j_id" integer NOT NULL REFERENCES "journal"("j_id") ON DELETE cascade,
	"pay_id" integer NOT NULL REFERENCES "trade_document"("pay_id") ON DELETE cascade,
	"amount" numeric(15, 2) NOT NULL,
	CONSTRAINT "payment_allocation_positive" CHECK ("amount" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_allocation_uq" ON "payment_allocation" USING btree ("j_id","pay_id");--> statement-breakpoint
CREATE INDEX "payment_allocation_invoice_idx" ON "payment_allocation" USING btree ("pay_id");
