-- The chart's classes and account categories are shared by all stores, with fixed ids that legacy clients use
-- (`sub_accounts/readByStore?ac_id=1` customers, 2 suppliers, 3 expenses).
INSERT INTO "accounts" ("ac_id", "ac_name", "eng_name", "ac_code", "ac_type") VALUES
  (1, 'العملاء', 'Customers', '1', 'debit'),
  (2, 'الموردين', 'Suppliers', '2', 'credit'),
  (3, 'المصروفات', 'Expenses', '3', 'debit'),
  (4, 'النقدية والبنوك', 'Cash and banks', '4', 'debit'),
  (5, 'المبيعات والإيرادات', 'Sales and revenue', '5', 'credit'),
  (6, 'المشتريات', 'Purchases', '6', 'debit'),
  (7, 'رأس المال وحقوق الملكية', 'Capital and equity', '7', 'credit'),
  (8, 'أصول وخصوم أخرى', 'Other assets and liabilities', '8', 'debit')
ON CONFLICT ("ac_id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "account_category" ("id", "cat_name") VALUES
  (1, 'العملاء'),
  (2, 'الموردين'),
  (3, 'المصروفات'),
  (4, 'النقدية والبنوك'),
  (5, 'حسابات عامة')
ON CONFLICT ("id") DO NOTHING;
