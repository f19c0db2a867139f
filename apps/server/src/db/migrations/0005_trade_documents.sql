CREATE TABLE "document_counter" (
	"store_id" integer NOT NULL,
	"yearId" integer NOT NULL,
	"kind" text NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "document_counter_store_id_yearId_kind_pk" PRIMARY KEY("store_id","yearId","kind")
);
--> statement-breakpoint
CREATE TABLE "trade_document" (
	"pay_id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"value_only" boolean DEFAULT false NOT NULL,
	"pay_ref" text NOT NULL,
	"store_id" integer NOT NULL,
	"yearId" integer NOT NULL,
	"user_id" integer,
	"cust_id" integer NOT NULL,
	"tot_pr" numeric(15, 2) NOT NULL,
	"discount" numeric(15, 2) DEFAULT '0' NOT NULL,
	"pay" numeric(15, 2) DEFAULT '0' NOT NULL,
	"changee" numeric(15, 2) NOT NULL,
	"pay_date" date NOT NULL,
	"pay_time" time NOT NULL,
	"pay_method" text,
	"payComment" text,
	"nextPay" date,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_line" (
	"id" serial PRIMARY KEY NOT NULL,
	"pay_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"item_name" text NOT NULL,
	"quantity" numeric(15, 3) NOT NULL,
	"pay_price" numeric(15, 2) NOT NULL,
	"perch_price" numeric(15, 2) NOT NULL,
	"tot" numeric(15, 2) NOT NULL,
	"tax" numeric(5, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store" ADD COLUMN "allow_negative_stock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_document" ADD CONSTRAINT "trade_document_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_document" ADD CONSTRAINT "trade_document_yearId_year_id_fk" FOREIGN KEY ("yearId") REFERENCES "public"."year"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_document" ADD CONSTRAINT "trade_document_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_document" ADD CONSTRAINT "trade_document_cust_id_sub_accounts_id_fk" FOREIGN KEY ("cust_id") REFERENCES "public"."sub_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_line" ADD CONSTRAINT "trade_line_pay_id_trade_document_pay_id_fk" FOREIGN KEY ("pay_id") REFERENCES "public"."trade_document"("pay_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_line" ADD CONSTRAINT "trade_line_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_line" ADD CONSTRAINT "trade_line_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trade_document_ref_uq" ON "trade_document" USING btree ("store_id","yearId","pay_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_document_idem_uq" ON "trade_document" USING btree ("store_id","idempotency_key") WHERE "trade_document"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "trade_document_list_idx" ON "trade_document" USING btree ("store_id","kind","yearId","pay_date");--> statement-breakpoint
CREATE INDEX "trade_document_party_idx" ON "trade_document" USING btree ("store_id","cust_id");--> statement-breakpoint
CREATE INDEX "trade_line_doc_idx" ON "trade_line" USING btree ("pay_id");--> statement-breakpoint
CREATE INDEX "trade_line_item_idx" ON "trade_line" USING btree ("store_id","item_id");