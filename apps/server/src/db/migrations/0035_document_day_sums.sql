-- A record's count and column sums (the sales record's year page: its 200,000 sales of the large store) are read
-- from sums kept per store, kind, year, day, value-only flag and user (`document_day`) instead of summing every
-- document of the filter: about 365 rows a year per user instead of 200,000 headers (80 ms of numeric sums on 2
-- cores). Only the records count: a legacy header still awaiting its lines posts nothing and is left out, as the
-- record's list leaves it out. The user is in the key so that two tills' sales never wait for one row; 0 stands for
-- a document whose user was deleted. Kept by the database from whatever writes the headers (the saves, edits,
-- conversions and deletes, the legacy calls, a user deleted, the generator's set-based insert): statement triggers
-- over the rows each statement wrote, as the invoices' kept allocations (migration 0031).
CREATE TABLE "document_day" (
	"store_id" integer NOT NULL REFERENCES "store"("id"),
	"kind" text NOT NULL,
	"yearId" integer NOT NULL REFERENCES "year"("id"),
	"pay_date" date NOT NULL,
	"value_only" boolean NOT NULL,
	"user_id" integer NOT NULL,
	"documents" integer DEFAULT 0 NOT NULL,
	"tot_pr" numeric(20, 2) DEFAULT '0' NOT NULL,
	"discount" numeric(20, 2) DEFAULT '0' NOT NULL,
	"pay" numeric(20, 2) DEFAULT '0' NOT NULL,
	"changee" numeric(20, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "document_day_pk" PRIMARY KEY ("store_id", "kind", "yearId", "pay_date", "value_only", "user_id")
);--> statement-breakpoint
INSERT INTO "document_day" ("store_id", "kind", "yearId", "pay_date", "value_only", "user_id", "documents", "tot_pr",
	"discount", "pay", "changee")
SELECT "store_id", "kind", "yearId", "pay_date", "value_only", coalesce("user_id", 0), count(*), sum("tot_pr"),
	sum("discount"), sum("pay"), sum("changee")
FROM "trade_document" WHERE NOT "awaiting_lines"
GROUP BY 1, 2, 3, 4, 5, 6;--> statement-breakpoint
-- A transition table exists only for the events that have it (an insert's new rows, a delete's old ones), so each
-- event reads its own in its own branch. The groups are written in key order, so two statements meeting on the same
-- days take their rows in the same order.
CREATE FUNCTION "document_day_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "document_day" AS k ("store_id", "kind", "yearId", "pay_date", "value_only", "user_id", "documents", "tot_pr", "discount", "pay", "changee")
		SELECT "store_id", "kind", "yearId", "pay_date", "value_only", coalesce("user_id", 0), count(*), sum("tot_pr"), sum("discount"), sum("pay"), sum("changee")
		FROM "new_documents" WHERE NOT "awaiting_lines"
		GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
		ON CONFLICT ON CONSTRAINT "document_day_pk" DO UPDATE SET "documents" = k."documents" + excluded."documents",
			"tot_pr" = k."tot_pr" + excluded."tot_pr", "discount" = k."discount" + excluded."discount",
			"pay" = k."pay" + excluded."pay", "changee" = k."changee" + excluded."changee";
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO "document_day" AS k ("store_id", "kind", "yearId", "pay_date", "value_only", "user_id", "documents", "tot_pr", "discount", "pay", "changee")
		SELECT "store_id", "kind", "yearId", "pay_date", "value_only", coalesce("user_id", 0), -count(*), -sum("tot_pr"), -sum("discount"), -sum("pay"), -sum("changee")
		FROM "old_documents" WHERE NOT "awaiting_lines"
		GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
		ON CONFLICT ON CONSTRAINT "document_day_pk" DO UPDATE SET "documents" = k."documents" + excluded."documents",
			"tot_pr" = k."tot_pr" + excluded."tot_pr", "discount" = k."discount" + excluded."discount",
			"pay" = k."pay" + excluded."pay", "changee" = k."changee" + excluded."changee";
	ELSE
		-- Most updates change no sum (a reference given, allocations kept, costs written back): nothing is written.
		INSERT INTO "document_day" AS k ("store_id", "kind", "yearId", "pay_date", "value_only", "user_id", "documents", "tot_pr", "discount", "pay", "changee")
		SELECT "store_id", "kind", "yearId", "pay_date", "value_only", "user_id", sum("n"), sum("tot_pr"),
			sum("discount"), sum("pay"), sum("changee")
		FROM (
			SELECT "store_id", "kind", "yearId", "pay_date", "value_only", coalesce("user_id", 0) AS "user_id", 1 AS "n", "tot_pr", "discount", "pay", "changee"
			FROM "new_documents" WHERE NOT "awaiting_lines"
			UNION ALL
			SELECT "store_id", "kind", "yearId", "pay_date", "value_only", coalesce("user_id", 0), -1, -"tot_pr", -"discount", -"pay", -"changee"
			FROM "old_documents" WHERE NOT "awaiting_lines"
		) c
		GROUP BY 1, 2, 3, 4, 5, 6
		HAVING sum("n") <> 0 OR sum("tot_pr") <> 0 OR sum("discount") <> 0 OR sum("pay") <> 0 OR sum("changee") <> 0
		ORDER BY 1, 2, 3, 4, 5, 6
		ON CONFLICT ON CONSTRAINT "document_day_pk" DO UPDATE SET "documents" = k."documents" + excluded."documents",
			"tot_pr" = k."tot_pr" + excluded."tot_pr", "discount" = k."discount" + excluded."discount",
			"pay" = k."pay" + excluded."pay", "changee" = k."changee" + excluded."changee";
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "documents_inserted" AFTER INSERT ON "trade_document" REFERENCING NEW TABLE AS "new_documents"
	FOR EACH STATEMENT EXECUTE FUNCTION "document_day_follow"();--> statement-breakpoint
CREATE TRIGGER "documents_deleted" AFTER DELETE ON "trade_document" REFERENCING OLD TABLE AS "old_documents"
	FOR EACH STATEMENT EXECUTE FUNCTION "document_day_follow"();--> statement-breakpoint
CREATE TRIGGER "documents_updated" AFTER UPDATE ON "trade_document"
	REFERENCING OLD TABLE AS "old_documents" NEW TABLE AS "new_documents"
	FOR EACH STATEMENT EXECUTE FUNCTION "document_day_follow"();
