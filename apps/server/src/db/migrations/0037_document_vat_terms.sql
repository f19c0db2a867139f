-- Issue 35: a document keeps the VAT terms it was issued under (docs/vat.md): whether it charges VAT
-- (`vat_charged`: the company was registered) beside whether its prices included it (`vat_included`, kept since 0025).
-- Its edits, payments and returns compute its VAT with them, never with the company's settings of the day.
--
-- The back-fill believes each document's own figures before the settings in force now: the settings may have
-- changed since it was issued (that change re-taxing old invoices is what this stops), while its figures are what
-- was printed and posted. So:
--   * it charged VAT when it carries some (`taxTot`, a line's `vat`) or its prices included it;
--   * it charged none when it carries none though a line has a rate on a base where VAT on top would have come to a
--     cent or more (it was saved before VAT existed, or while the company was not registered);
--   * a document whose figures cannot tell (no VAT, and no line whose rate would have charged any: only 0 % lines,
--     value only, no lines) takes the settings in force, the terms its next edit would have used until now; a return
--     that cannot tell takes its original's (as a return now always copies them).
ALTER TABLE "trade_document" ADD COLUMN "vat_charged" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TEMPORARY TABLE "vat_evidence" ON COMMIT DROP AS
SELECT d."pay_id",
	CASE
		WHEN d."taxTot" <> 0 OR d."vat_included"
			OR EXISTS (SELECT 1 FROM "trade_line" l WHERE l."pay_id" = d."pay_id" AND l."vat" <> 0) THEN true
		WHEN EXISTS (SELECT 1 FROM "trade_line" l WHERE l."pay_id" = d."pay_id" AND l."tax" > 0
			AND (l."tot" - d."discount" * l."tot" / nullif(d."tot_pr", 0)) * l."tax" / 100 >= 0.005) THEN false
	END AS "charged"
FROM "trade_document" d;
--> statement-breakpoint
UPDATE "trade_document" d SET "vat_charged" = true
FROM "vat_evidence" e WHERE e."pay_id" = d."pay_id" AND e."charged";
--> statement-breakpoint
-- Figures that cannot tell, not a return: the settings in force ("prices include VAT" is about selling prices).
UPDATE "trade_document" d SET "vat_charged" = true,
	"vat_included" = c."prices_include_vat" AND d."kind" IN ('pay', 'payinit', 'sales_returns')
FROM "vat_evidence" e, (SELECT "vat_registered", "prices_include_vat" FROM "company" ORDER BY "id" LIMIT 1) c
WHERE e."pay_id" = d."pay_id" AND e."charged" IS NULL AND d."original_pay_id" IS NULL AND c."vat_registered";
--> statement-breakpoint
-- A return that cannot tell: its original's terms.
UPDATE "trade_document" d SET "vat_charged" = o."vat_charged", "vat_included" = o."vat_included"
FROM "vat_evidence" e, "trade_document" o
WHERE e."pay_id" = d."pay_id" AND e."charged" IS NULL AND o."pay_id" = d."original_pay_id"
	AND (d."vat_charged", d."vat_included") IS DISTINCT FROM (o."vat_charged", o."vat_included");
--> statement-breakpoint
-- A document that charges no VAT carries none.
ALTER TABLE "trade_document" ADD CONSTRAINT "trade_document_vat_terms"
	CHECK ("vat_charged" OR ("taxTot" = 0 AND NOT "vat_included"));
--> statement-breakpoint
DROP TABLE "vat_evidence";
