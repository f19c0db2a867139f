-- Issue 35, finding 3: a value-only invoice (a typed total, no lines) of a VAT-registered shop charges VAT at a rate
-- of its own, posted like a line's (docs/vat.md). `trade_document.vat_rate` is that rate (percent), kept on the
-- document so its edits keep it; null on documents with lines (their rates are their lines' `tax`) and on the
-- value-only invoices saved before, which charged none (an edit that names no rate keeps charging none).
-- `company.vat_rate` is the company's standard rate, what a new value-only invoice takes unless another is typed.
ALTER TABLE "company" ADD COLUMN "vat_rate" numeric(5, 2) DEFAULT '15' NOT NULL;
--> statement-breakpoint
ALTER TABLE "trade_document" ADD COLUMN "vat_rate" numeric(5, 2);
--> statement-breakpoint
ALTER TABLE "company" ADD CONSTRAINT "company_vat_rate_range" CHECK ("vat_rate" >= 0 AND "vat_rate" <= 100);
--> statement-breakpoint
ALTER TABLE "trade_document" ADD CONSTRAINT "trade_document_vat_rate_range"
	CHECK ("vat_rate" IS NULL OR ("vat_rate" >= 0 AND "vat_rate" <= 100));
