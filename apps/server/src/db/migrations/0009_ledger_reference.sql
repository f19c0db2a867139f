ALTER TABLE "ledger_line" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "ledger_line" ADD COLUMN "memo" text;--> statement-breakpoint
-- Lines posted before this migration get their document's reference and memo where the document is known (every
-- line so far was posted by a sale or a purchase). The payment lines are those on the cash box or bank, and the
-- party's line on the side that settles it (a customer's credit, a supplier's debit).
UPDATE "ledger_line" l
SET "reference" = d."pay_ref",
  "memo" = CASE
    WHEN a."role" IN ('cash_box', 'bank')
      OR (l."account_id" = d."cust_id" AND ((d."kind" = 'pay' AND l."credit" > 0) OR (d."kind" = 'perch' AND l."debit" > 0)))
    THEN 'المدفوع على ' ELSE '' END
    || CASE d."kind" WHEN 'pay' THEN 'فاتورة مبيعات' ELSE 'فاتورة مشتريات' END
FROM "trade_document" d, "sub_accounts" a
WHERE d."kind" = l."source_kind" AND d."pay_id" = l."source_id" AND d."kind" IN ('pay', 'perch') AND a."id" = l."account_id";
