-- Item search folds letters as the party search does (migration 0033): "اطار" finds إطار, "مضخه" finds مضخة, a code
-- typed "١٢٣" finds 123. Each item keeps the four searched columns (name, English name, alias, code) joined and
-- folded as the contract's `foldArabic` folds the term (lower case; the alef forms as ا, ى as ي, ة as ه, Arabic-Indic
-- and Persian digits as Western ones; the tatweel and the short vowels dropped), computed by the database whenever
-- the row is written; the letters are the contract's `ARABIC_FOLD_FROM` and `ARABIC_FOLD_TO`. The columns are
-- joined by a newline, which the search strips from a term (features/items/itemSearch.ts), so a term is found
-- within one column only and the search needs no recheck of each column.
ALTER TABLE "items" ADD COLUMN "search_text" text GENERATED ALWAYS AS (translate(lower(coalesce("item_name", '') || E'\n' || coalesce("item_desc", '') || E'\n' || coalesce("aliasEn", '') || E'\n' || coalesce("part_no", '')), 'آأإٱىة٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹ـًٌٍَُِّْٰ', 'اااايه01234567890123456789')) STORED;--> statement-breakpoint
-- The search is `like '%term%'` over that text: its trigram index replaces migration 0029's on the unfolded joined
-- text, which nothing else read. pg_trgm was created by 0029 (the embedded database loads it from PGlite's contrib
-- package, db/embedded/pglite.ts).
DROP INDEX IF EXISTS "items_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "items_search_text_trgm_idx" ON "items" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- The folded text's statistics, as 0029 gathered the joined text's: the planner estimates a search's matches by them.
ANALYZE "items";
