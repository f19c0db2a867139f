-- Each invoice keeps what the vouchers' allocations settled of it (`trade_document.allocated`, the sum of its
-- `payment_allocation` rows), so "still due" (changee > allocated, with a next payment date) is a column comparison an
-- index can hold instead of a sum per invoice: the payment-due notifications and the party picker's next payment date
-- read the few thousand open invoices of the large store instead of its 130,000 with a next payment date. Kept by
-- the database from whatever writes allocations (a voucher's save and delete, a journal fitting them to a smaller
-- invoice, the generator's set-based insert): statement triggers over the rows each statement wrote.
ALTER TABLE "trade_document" ADD COLUMN "allocated" numeric(15, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- What was allocated before this column existed.
UPDATE "trade_document" d SET "allocated" = a."amount"
FROM (SELECT "pay_id", sum("amount") AS "amount" FROM "payment_allocation" GROUP BY "pay_id") a
WHERE a."pay_id" = d."pay_id";--> statement-breakpoint
-- A transition table exists only for the events that have it (an insert's new rows, a delete's old ones), so each
-- event reads its own in its own branch.
CREATE FUNCTION "trade_document_follow_allocations"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		UPDATE "trade_document" d SET "allocated" = d."allocated" + c."delta"
		FROM (SELECT "pay_id", sum("amount") AS "delta" FROM "new_allocations" GROUP BY "pay_id") c
		WHERE d."pay_id" = c."pay_id";
	ELSIF TG_OP = 'DELETE' THEN
		UPDATE "trade_document" d SET "allocated" = d."allocated" - c."delta"
		FROM (SELECT "pay_id", sum("amount") AS "delta" FROM "old_allocations" GROUP BY "pay_id") c
		WHERE d."pay_id" = c."pay_id";
	ELSE
		UPDATE "trade_document" d SET "allocated" = d."allocated" + c."delta"
		FROM (
			SELECT "pay_id", sum("amount") AS "delta" FROM (
				SELECT "pay_id", "amount" FROM "new_allocations"
				UNION ALL
				SELECT "pay_id", -"amount" FROM "old_allocations"
			) m GROUP BY "pay_id"
		) c
		WHERE d."pay_id" = c."pay_id" AND c."delta" <> 0;
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "allocations_inserted" AFTER INSERT ON "payment_allocation" REFERENCING NEW TABLE AS "new_allocations"
	FOR EACH STATEMENT EXECUTE FUNCTION "trade_document_follow_allocations"();--> statement-breakpoint
CREATE TRIGGER "allocations_deleted" AFTER DELETE ON "payment_allocation" REFERENCING OLD TABLE AS "old_allocations"
	FOR EACH STATEMENT EXECUTE FUNCTION "trade_document_follow_allocations"();--> statement-breakpoint
CREATE TRIGGER "allocations_updated" AFTER UPDATE ON "payment_allocation"
	REFERENCING OLD TABLE AS "old_allocations" NEW TABLE AS "new_allocations"
	FOR EACH STATEMENT EXECUTE FUNCTION "trade_document_follow_allocations"();--> statement-breakpoint
-- The invoices still due: a few thousand of the large store's 130,000 with a next payment date.
CREATE INDEX "trade_document_due_idx" ON "trade_document" USING btree ("store_id", "kind", "cust_id", "nextPay")
	WHERE "nextPay" IS NOT NULL AND "changee" > "allocated" AND NOT "awaiting_lines";
