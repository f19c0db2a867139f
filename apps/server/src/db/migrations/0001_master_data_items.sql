CREATE TABLE "firstq" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"fq_year" integer NOT NULL,
	"quantity" numeric(15, 3) NOT NULL,
	"pay_price" numeric(15, 2) NOT NULL,
	"perch_price" numeric(15, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"category_name" text NOT NULL,
	"category_desc" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"item_name" text NOT NULL,
	"item_desc" text,
	"aliasEn" text,
	"part_no" text,
	"item_parcode" text,
	"brand" text,
	"model" text,
	"item_unit" text,
	"min_qty" numeric(15, 3) DEFAULT '0' NOT NULL,
	"pay_price" numeric(15, 2) NOT NULL,
	"perch_price" numeric(15, 2) NOT NULL,
	"tax" numeric(5, 2) DEFAULT '0' NOT NULL,
	"category_id" integer,
	"imageUrl" text,
	"dateCreated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_movement" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"yearId" integer NOT NULL,
	"item_id" integer NOT NULL,
	"quantity" numeric(15, 3) NOT NULL,
	"source_kind" text NOT NULL,
	"source_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "firstq" ADD CONSTRAINT "firstq_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firstq" ADD CONSTRAINT "firstq_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firstq" ADD CONSTRAINT "firstq_fq_year_year_id_fk" FOREIGN KEY ("fq_year") REFERENCES "public"."year"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_categories" ADD CONSTRAINT "item_categories_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_category_id_item_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."item_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_yearId_year_id_fk" FOREIGN KEY ("yearId") REFERENCES "public"."year"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "firstq_item_store_year_uq" ON "firstq" USING btree ("item_id","store_id","fq_year");--> statement-breakpoint
CREATE UNIQUE INDEX "item_categories_store_name_uq" ON "item_categories" USING btree ("store_id","category_name");--> statement-breakpoint
CREATE UNIQUE INDEX "items_store_part_no_uq" ON "items" USING btree ("store_id","part_no") WHERE "items"."part_no" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "items_store_parcode_uq" ON "items" USING btree ("store_id","item_parcode") WHERE "items"."item_parcode" is not null;--> statement-breakpoint
CREATE INDEX "items_store_name_idx" ON "items" USING btree ("store_id","item_name");--> statement-breakpoint
CREATE INDEX "items_store_category_idx" ON "items" USING btree ("store_id","category_id");--> statement-breakpoint
CREATE INDEX "items_store_brand_model_idx" ON "items" USING btree ("store_id","brand","model");--> statement-breakpoint
CREATE INDEX "stock_movement_store_item_year_idx" ON "stock_movement" USING btree ("store_id","item_id","yearId");--> statement-breakpoint
CREATE INDEX "stock_movement_source_idx" ON "stock_movement" USING btree ("source_kind","source_id");