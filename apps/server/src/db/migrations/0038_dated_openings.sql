-- Issue 35, finding 2: an account's opening balance is a dated posting. Until now it had no date: it was added to
-- the account's balance in every year and every report (so typing one moved a closed year, and a customer taken on
-- in December showed in the year before). Each account keeps what was typed (`sub_balance`) and now the day it is
-- posted on (`opening_date`); the posting is two ledger lines under the account's id (source `sub_balance`): the
-- account on its side, the store's opening-balance account on the other, with their kept sums.
ALTER TABLE "sub_accounts" ADD COLUMN "opening_date" date;--> statement-breakpoint
-- What was typed counted from the book's very start, in every year: dated the first day of the earliest year, it
-- counts in exactly the same figures (a report starting on that day takes it as its opening: trialBalance.queries.ts,
-- statement.queries.ts), so no figure of any year moves (0038_dated_openings.test.ts). The opening-balance account's
-- own `sub_balance` (the sum of the others') is shown, never posted: its side comes from the lines below.
UPDATE "sub_accounts" s SET "opening_date" = (SELECT min("yearStart") FROM "year")
WHERE s."sub_balance" <> 0 AND s."role" IS DISTINCT FROM 'opening_balance'
	AND EXISTS (SELECT 1 FROM "year")
	AND EXISTS (SELECT 1 FROM "sub_accounts" o WHERE o."store_id" = s."store_id" AND o."role" = 'opening_balance');--> statement-breakpoint
INSERT INTO "ledger_line" ("store_id", "yearId", "account_id", "debit", "credit", "line_date", "source_kind",
	"source_id", "reference", "memo", "part")
SELECT s."store_id", y."id", x."account_id", x."debit", x."credit", s."opening_date", 'sub_balance', s."id", NULL,
	x."memo", 'money'
FROM "sub_accounts" s
JOIN LATERAL (SELECT y."id" FROM "year" y WHERE y."yearStart" = s."opening_date" ORDER BY y."id" LIMIT 1) y ON true
JOIN "sub_accounts" o ON o."store_id" = s."store_id" AND o."role" = 'opening_balance'
CROSS JOIN LATERAL (
	-- On the account's natural side when positive; the opening-balance account takes the other side.
	SELECT CASE WHEN (s."sub_type" = 'debit') = (s."sub_balance" > 0) THEN abs(s."sub_balance") ELSE 0 END AS on_debit,
		CASE WHEN (s."sub_type" = 'debit') = (s."sub_balance" > 0) THEN 0 ELSE abs(s."sub_balance") END AS on_credit
) side
CROSS JOIN LATERAL (VALUES
	(s."id", side.on_debit, side.on_credit, 'رصيد افتتاحي'),
	(o."id", side.on_credit, side.on_debit, 'رصيد افتتاحي: ' || s."sub_name")
) AS x("account_id", "debit", "credit", "memo")
WHERE s."opening_date" IS NOT NULL;--> statement-breakpoint
INSERT INTO "account_balance" ("store_id", "yearId", "account_id", "debit_total", "credit_total")
SELECT "store_id", "yearId", "account_id", sum("debit"), sum("credit") FROM "ledger_line"
WHERE "source_kind" = 'sub_balance' GROUP BY 1, 2, 3
ON CONFLICT ("store_id", "account_id", "yearId") DO UPDATE
SET "debit_total" = "account_balance"."debit_total" + excluded."debit_total",
	"credit_total" = "account_balance"."credit_total" + excluded."credit_total";--> statement-breakpoint
INSERT INTO "account_day" ("store_id", "account_id", "yearId", "line_date", "source_kind", "debit_total",
	"credit_total")
SELECT "store_id", "account_id", "yearId", "line_date", "source_kind", sum("debit"), sum("credit") FROM "ledger_line"
WHERE "source_kind" = 'sub_balance' GROUP BY 1, 2, 3, 4, 5
ON CONFLICT ("store_id", "account_id", "line_date", "source_kind", "yearId") DO UPDATE
SET "debit_total" = "account_day"."debit_total" + excluded."debit_total",
	"credit_total" = "account_day"."credit_total" + excluded."credit_total";--> statement-breakpoint
INSERT INTO "account_month" ("store_id", "yearId", "month", "account_id", "debit_total", "credit_total")
SELECT "store_id", "yearId", date_trunc('month', "line_date")::date, "account_id", sum("debit"), sum("credit")
FROM "ledger_line" WHERE "source_kind" = 'sub_balance' GROUP BY 1, 2, 3, 4
ON CONFLICT ("store_id", "yearId", "month", "account_id") DO UPDATE
SET "debit_total" = "account_month"."debit_total" + excluded."debit_total",
	"credit_total" = "account_month"."credit_total" + excluded."credit_total";
