-- VAT (docs/vat.md): the company says whether it is registered and whether its selling prices include VAT; each
-- invoice keeps its VAT (`taxTot`), whether its prices included it, and what is owed in all (`total_with_vat`), each
-- line its VAT. Documents saved before charged none: their total with VAT is their net.
ALTER TABLE "company" ADD COLUMN "vat_registered" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "prices_include_vat" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "trade_document" ADD COLUMN "taxTot" numeric(15, 2) DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "trade_document" ADD COLUMN "vat_included" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- Computed from the figures it follows, so no writer (the saves, the demo's and the benchmarks' SQL) can disagree.
ALTER TABLE "trade_document" ADD COLUMN "total_with_vat" numeric(15, 2) GENERATED ALWAYS AS
  ("tot_pr" - "discount" + CASE WHEN "vat_included" THEN 0 ELSE "taxTot" END) STORED NOT NULL;
--> statement-breakpoint
ALTER TABLE "trade_line" ADD COLUMN "vat" numeric(15, 2) DEFAULT '0' NOT NULL;
--> statement-breakpoint
-- The VAT report reads a period's documents that carry VAT, by store and date.
CREATE INDEX "trade_document_vat_idx" ON "trade_document" ("store_id", "pay_date", "pay_id") WHERE "taxTot" <> 0;
--> statement-breakpoint
-- What an invoice comes to is its total with VAT (its net when it charged none); `+ 0` keeps the column the
-- unconstrained numeric the view had.
CREATE OR REPLACE VIEW "invoice_remainder" AS
  SELECT d.pay_id, d.store_id, d."yearId", d.kind, d.cust_id, d.pay_ref, d.pay_date, d."nextPay",
    coalesce(d."nextPay", d.pay_date) AS due_date,
    (d.total_with_vat + 0) AS total, d.pay AS paid,
    (d.changee - coalesce(a.allocated, 0))::numeric(15, 2) AS remainder,
    coalesce(a.allocated, 0)::numeric(15, 2) AS allocated
  FROM "trade_document" d
  LEFT JOIN LATERAL (
    SELECT sum(pa.amount) AS allocated FROM "payment_allocation" pa WHERE pa.pay_id = d.pay_id
  ) a ON true
  WHERE d.kind IN ('pay', 'perch') AND NOT d.awaiting_lines;
--> statement-breakpoint
-- The VAT accounts (class 8): output VAT a liability (what sales charged, owed to the tax authority), input VAT an
-- asset (what purchases paid, reclaimed). Every existing store gets them, as 0015 gave them the stock-adjustment
-- account; a name or code in use steps aside.
INSERT INTO "sub_accounts" ("store_id", "ac_id", "sub_name", "sub_code", "sub_type", "cat_id", "role", "account_type")
SELECT s."id", 8,
  CASE WHEN EXISTS (SELECT 1 FROM "sub_accounts" a WHERE a."store_id" = s."id" AND a."sub_name" = v.name)
    THEN v.name || ' (النظام)' ELSE v.name END,
  CASE WHEN EXISTS (SELECT 1 FROM "sub_accounts" a WHERE a."store_id" = s."id" AND a."sub_code" = v.code)
    THEN v.code || '-SYS' ELSE v.code END,
  v.nature, 5, v.role, v.type
FROM "store" s
CROSS JOIN (VALUES
  ('ضريبة القيمة المضافة - المخرجات', '802', 'credit', 'output_vat', 'liability'),
  ('ضريبة القيمة المضافة - المدخلات', '803', 'debit', 'input_vat', 'asset')
) AS v(name, code, nature, role, type)
WHERE NOT EXISTS (SELECT 1 FROM "sub_accounts" a WHERE a."store_id" = s."id" AND a."role" = v.role);
