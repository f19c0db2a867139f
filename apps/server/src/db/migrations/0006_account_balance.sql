CREATE TABLE "account_balance" (
	"store_id" integer NOT NULL,
	"yearId" integer NOT NULL,
	"account_id" integer NOT NULL,
	"debit_total" numeric(20, 2) DEFAULT '0' NOT NULL,
	"credit_total" numeric(20, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "account_balance_store_id_account_id_yearId_pk" PRIMARY KEY("store_id","account_id","yearId")
);
--> statement-breakpoint
ALTER TABLE "account_balance" ADD CONSTRAINT "account_balance_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_balance" ADD CONSTRAINT "account_balance_yearId_year_id_fk" FOREIGN KEY ("yearId") REFERENCES "public"."year"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_balance" ADD CONSTRAINT "account_balance_account_id_sub_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."sub_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The balances of what was posted before this table existed.
INSERT INTO "account_balance" ("store_id", "yearId", "account_id", "debit_total", "credit_total")
SELECT "store_id", "yearId", "account_id", sum("debit"), sum("credit") FROM "ledger_line"
GROUP BY "store_id", "yearId", "account_id";
