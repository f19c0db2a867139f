-- Issue 18, part 2: journals (receipt and payment vouchers, general journal entries) as a family of their own: a
-- header and its lines, each line naming an account of the store with its amount on one side (the database refuses
-- any other line). A journal posts to ledger_line (source_kind 'journal') only when its two sides are equal and
-- non-zero. New tables only: no existing data moves. Indexes serve the reads by store, year and date, a journal's
-- lines, an account's use, and the lookup of a legacy client's own reference.
CREATE TABLE "journal" (
	"j_id" serial PRIMARY KEY NOT NULL,
	"j_ref" text NOT NULL,
	"client_ref" text,
	"store_id" integer NOT NULL,
	"yearId" integer NOT NULL,
	"user_id" integer,
	"j_date" date NOT NULL,
	"j_type" text,
	"j_details" text,
	"j_desc" text,
	"invo_ref" text,
	"standard_details" text,
	"j_pay" numeric(15, 2) DEFAULT '0' NOT NULL,
	"credit_total" numeric(15, 2) DEFAULT '0' NOT NULL,
	"posted" boolean DEFAULT false NOT NULL,
	"idempotency_key" text,
	"idempotency_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_line" (
	"id" serial PRIMARY KEY NOT NULL,
	"j_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"side" text NOT NULL,
	"line_no" integer NOT NULL,
	"ac_id" integer NOT NULL,
	"debit" numeric(15, 2) DEFAULT '0' NOT NULL,
	"credit" numeric(15, 2) DEFAULT '0' NOT NULL,
	"j_desc" text,
	CONSTRAINT "journal_line_one_side" CHECK (("journal_line"."side" = 'from' and "journal_line"."debit" > 0 and "journal_line"."credit" = 0) or ("journal_line"."side" = 'to' and "journal_line"."credit" > 0 and "journal_line"."debit" = 0))
);
--> statement-breakpoint
ALTER TABLE "journal" ADD CONSTRAINT "journal_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal" ADD CONSTRAINT "journal_yearId_year_id_fk" FOREIGN KEY ("yearId") REFERENCES "public"."year"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal" ADD CONSTRAINT "journal_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_line" ADD CONSTRAINT "journal_line_j_id_journal_j_id_fk" FOREIGN KEY ("j_id") REFERENCES "public"."journal"("j_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_line" ADD CONSTRAINT "journal_line_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_line" ADD CONSTRAINT "journal_line_ac_id_sub_accounts_id_fk" FOREIGN KEY ("ac_id") REFERENCES "public"."sub_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "journal_ref_uq" ON "journal" USING btree ("store_id","j_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "journal_idem_uq" ON "journal" USING btree ("store_id","idempotency_key") WHERE "journal"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "journal_client_ref_idx" ON "journal" USING btree ("store_id","client_ref") WHERE "journal"."client_ref" is not null;--> statement-breakpoint
CREATE INDEX "journal_list_idx" ON "journal" USING btree ("store_id","yearId","j_date");--> statement-breakpoint
CREATE INDEX "journal_line_journal_idx" ON "journal_line" USING btree ("j_id","line_no");--> statement-breakpoint
CREATE INDEX "journal_line_account_idx" ON "journal_line" USING btree ("store_id","ac_id");