-- The party picker searches names and codes as they are typed (issue 19): each account keeps its name and its code
-- folded as the contract's `foldArabic` folds the term (lower case; the alef forms as ا, ى as ي, ة as ه, Arabic-Indic
-- and Persian digits as Western ones; the tatweel and the short vowels dropped), computed by the database whenever
-- the row is written. Folded by the search itself, 10,534 names of one store (a table shaped like the large store's
-- parties) took about 100 ms to compare at a load of 9 on 2 cores (`translate` over 35 letters a row), against 3.5 ms
-- for a plain `like` over the same names; kept, they are compared as plain text. The letters are
-- the contract's `ARABIC_FOLD_FROM` and `ARABIC_FOLD_TO` (accounts.routes.test.ts reads them back).
ALTER TABLE "sub_accounts" ADD COLUMN "search_name" text GENERATED ALWAYS AS (translate(lower("sub_name"), 'آأإٱىة٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹ـًٌٍَُِّْٰ', 'اااايه01234567890123456789')) STORED;--> statement-breakpoint
ALTER TABLE "sub_accounts" ADD COLUMN "search_code" text GENERATED ALWAYS AS (translate(lower("sub_code"), 'آأإٱىة٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹ـًٌٍَُِّْٰ', 'اااايه01234567890123456789')) STORED;
