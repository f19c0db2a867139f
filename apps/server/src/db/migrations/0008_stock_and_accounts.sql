-- Issue 8, section 4 (stock and accounts stay right on every path).
-- A legacy header awaiting its lines posts nothing until they arrive.
ALTER TABLE "trade_document" ADD COLUMN "awaiting_lines" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- Every store gets its opening-balance (equity) account, the other side of the accounts' opening balances, so the
-- trial balance has equal debits and credits with the openings included. Its code and name step aside when a
-- store already uses them.
INSERT INTO "sub_accounts" ("store_id", "ac_id", "sub_name", "sub_code", "sub_type", "cat_id", "role")
SELECT s."id", 7,
  CASE WHEN EXISTS (SELECT 1 FROM "sub_accounts" a WHERE a."store_id" = s."id" AND a."sub_name" = 'الأرصدة الافتتاحية')
    THEN 'الأرصدة الافتتاحية (النظام)' ELSE 'الأرصدة الافتتاحية' END,
  CASE WHEN EXISTS (SELECT 1 FROM "sub_accounts" a WHERE a."store_id" = s."id" AND a."sub_code" = '701')
    THEN '701-OB' ELSE '701' END,
  'credit', 5, 'opening_balance'
FROM "store" s
WHERE NOT EXISTS (SELECT 1 FROM "sub_accounts" a WHERE a."store_id" = s."id" AND a."role" = 'opening_balance');
--> statement-breakpoint
-- Its opening is the sum of the other accounts' openings, debit side positive (kept so by every account change).
UPDATE "sub_accounts" ob SET "sub_balance" = (
  SELECT coalesce(sum(CASE WHEN o."sub_type" = 'debit' THEN o."sub_balance" ELSE -o."sub_balance" END), 0)
  FROM "sub_accounts" o WHERE o."store_id" = ob."store_id" AND o."id" <> ob."id")
WHERE ob."role" = 'opening_balance';
