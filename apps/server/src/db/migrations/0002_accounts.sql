CREATE TABLE "account_category" (
	"id" integer PRIMARY KEY NOT NULL,
	"cat_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"ac_id" integer PRIMARY KEY NOT NULL,
	"ac_name" text NOT NULL,
	"eng_name" text NOT NULL,
	"ac_code" text NOT NULL,
	"ac_type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_line" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"yearId" integer NOT NULL,
	"account_id" integer NOT NULL,
	"debit" numeric(15, 2) DEFAULT '0' NOT NULL,
	"credit" numeric(15, 2) DEFAULT '0' NOT NULL,
	"line_date" date NOT NULL,
	"source_kind" text NOT NULL,
	"source_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sub_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"ac_id" integer NOT NULL,
	"sub_name" text NOT NULL,
	"sub_code" text,
	"sub_type" text NOT NULL,
	"sub_balance" numeric(15, 2) DEFAULT '0' NOT NULL,
	"cat_id" integer,
	"phone" text,
	"address" text,
	"role" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_line" ADD CONSTRAINT "ledger_line_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_line" ADD CONSTRAINT "ledger_line_yearId_year_id_fk" FOREIGN KEY ("yearId") REFERENCES "public"."year"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_line" ADD CONSTRAINT "ledger_line_account_id_sub_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."sub_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_accounts" ADD CONSTRAINT "sub_accounts_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_accounts" ADD CONSTRAINT "sub_accounts_ac_id_accounts_ac_id_fk" FOREIGN KEY ("ac_id") REFERENCES "public"."accounts"("ac_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_accounts" ADD CONSTRAINT "sub_accounts_cat_id_account_category_id_fk" FOREIGN KEY ("cat_id") REFERENCES "public"."account_category"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_line_account_idx" ON "ledger_line" USING btree ("store_id","account_id","yearId");--> statement-breakpoint
CREATE INDEX "ledger_line_source_idx" ON "ledger_line" USING btree ("source_kind","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sub_accounts_store_name_uq" ON "sub_accounts" USING btree ("store_id","sub_name");--> statement-breakpoint
CREATE UNIQUE INDEX "sub_accounts_store_code_uq" ON "sub_accounts" USING btree ("store_id","sub_code") WHERE "sub_accounts"."sub_code" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "sub_accounts_store_role_uq" ON "sub_accounts" USING btree ("store_id","role") WHERE "sub_accounts"."role" is not null;--> statement-breakpoint
CREATE INDEX "sub_accounts_store_class_idx" ON "sub_accounts" USING btree ("store_id","ac_id");