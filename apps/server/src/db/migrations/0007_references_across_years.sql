ALTER TABLE "trade_document" ADD COLUMN "idempotency_hash" text;--> statement-breakpoint
-- References were numbered per year, so SH-S-000001 could exist in 2025 and in 2026. Within a store, the document
-- of the earliest year (then the first saved) keeps a shared reference; the others get the next numbers of their
-- kind after the highest in use or given out by any year's counter (a deleted document's printed number is not
-- reused), so no two documents of a store share a reference.
WITH "holders" AS (
	SELECT d."pay_id", d."store_id", d."kind",
		row_number() OVER (PARTITION BY d."store_id", d."pay_ref" ORDER BY y."yearStart", d."pay_id") AS "holder"
	FROM "trade_document" d JOIN "year" y ON y."id" = d."yearId"
), "moved" AS (
	SELECT "pay_id", "store_id", "kind",
		row_number() OVER (PARTITION BY "store_id", "kind" ORDER BY "pay_id") AS "offset"
	FROM "holders" WHERE "holder" > 1
), "highest" AS (
	SELECT "store_id", "kind", max("last") AS "last" FROM (
		SELECT "store_id", "kind", coalesce(substring("pay_ref" from '([0-9]+)$'), '0')::bigint AS "last"
		FROM "trade_document"
		UNION ALL
		SELECT "store_id", "kind", "last" FROM "document_counter"
	) "numbers" GROUP BY "store_id", "kind"
)
UPDATE "trade_document" d
SET "pay_ref" = upper(s."store_ref") || '-'
	|| CASE d."kind" WHEN 'pay' THEN 'S' WHEN 'perch' THEN 'P' WHEN 'payinit' THEN 'D' WHEN 'perchOrder' THEN 'O' ELSE 'X' END
	|| '-' || lpad((h."last" + m."offset")::text, greatest(6, length((h."last" + m."offset")::text)), '0')
FROM "moved" m
JOIN "highest" h ON h."store_id" = m."store_id" AND h."kind" = m."kind"
JOIN "store" s ON s."id" = m."store_id"
WHERE d."pay_id" = m."pay_id";--> statement-breakpoint
DROP INDEX "trade_document_ref_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "trade_document_ref_uq" ON "trade_document" USING btree ("store_id","pay_ref");--> statement-breakpoint
-- One counter per store and kind, running on across years: it starts after both the highest reference in use and
-- the highest number any year's counter gave out (a deleted document's number is not given out again).
CREATE TABLE "document_counter_across_years" (
	"store_id" integer NOT NULL,
	"kind" text NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "document_counter_store_id_kind_pk" PRIMARY KEY("store_id","kind")
);--> statement-breakpoint
INSERT INTO "document_counter_across_years" ("store_id", "kind", "last")
SELECT "store_id", "kind", max("last") FROM (
	SELECT "store_id", "kind", "last" FROM "document_counter"
	UNION ALL
	SELECT "store_id", "kind", coalesce(substring("pay_ref" from '([0-9]+)$'), '0')::integer FROM "trade_document"
) "numbers" GROUP BY "store_id", "kind";--> statement-breakpoint
DROP TABLE "document_counter";--> statement-breakpoint
ALTER TABLE "document_counter_across_years" RENAME TO "document_counter";
