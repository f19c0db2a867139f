-- Each account's ledger lines summed per day and per kind of document (`account_day`), kept by the same writer as the
-- yearly sums (`account_balance`, posting.ts `addToBalances`) in the transaction of the document, with the same
-- deltas. A report over part of a year (trial balance, balance sheet, profit and loss, cash book, aging) then sums a
-- few rows per account and day instead of every ledger line: the walk-in customer's, the cash box's and the sales
-- account's thousands of lines a day are one row each. The kind keeps what profit and loss reads apart (the sales
-- account's returns). No running total is kept: a back-dated document changes its own day's row only.
CREATE TABLE "account_day" (
	"store_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"yearId" integer NOT NULL,
	"line_date" date NOT NULL,
	"source_kind" text NOT NULL,
	"debit_total" numeric(20, 2) DEFAULT '0' NOT NULL,
	"credit_total" numeric(20, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "account_day_pk" PRIMARY KEY("store_id","account_id","line_date","source_kind","yearId")
);
--> statement-breakpoint
ALTER TABLE "account_day" ADD CONSTRAINT "account_day_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_day" ADD CONSTRAINT "account_day_yearId_year_id_fk" FOREIGN KEY ("yearId") REFERENCES "public"."year"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Derived data: an account that may be deleted (it has no ledger lines) takes its zero rows with it.
ALTER TABLE "account_day" ADD CONSTRAINT "account_day_account_id_sub_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."sub_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A store's year up to a day (trial balance, balance sheet): every account's rows of the year in date order.
CREATE INDEX "account_day_year_idx" ON "account_day" USING btree ("store_id","yearId","line_date");--> statement-breakpoint
-- What was posted before this table existed.
INSERT INTO "account_day" ("store_id", "account_id", "yearId", "line_date", "source_kind", "debit_total", "credit_total")
SELECT "store_id", "account_id", "yearId", "line_date", "source_kind", sum("debit"), sum("credit") FROM "ledger_line"
GROUP BY "store_id", "account_id", "yearId", "line_date", "source_kind";
