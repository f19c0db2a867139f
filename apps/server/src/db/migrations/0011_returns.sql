-- Issue 10: sales and purchase returns live in the trade tables (kinds sales_returns and purchase_returns), linked
-- to their original invoice; a return line keeps the original unit price. Existing rows are invoices: no data moves.
ALTER TABLE "trade_document" ADD COLUMN "original_pay_id" integer;--> statement-breakpoint
ALTER TABLE "trade_document" ADD COLUMN "return_reason" text;--> statement-breakpoint
ALTER TABLE "trade_document" ADD COLUMN "is_full_return" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_line" ADD COLUMN "original_price" numeric(15, 2);--> statement-breakpoint
ALTER TABLE "trade_document" ADD CONSTRAINT "trade_document_original_pay_id_trade_document_pay_id_fk" FOREIGN KEY ("original_pay_id") REFERENCES "public"."trade_document"("pay_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_document_original_idx" ON "trade_document" USING btree ("original_pay_id") WHERE "trade_document"."original_pay_id" is not null;