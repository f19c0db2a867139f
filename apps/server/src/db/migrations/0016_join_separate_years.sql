-- Issue 18: one book across years. Before it, each year was a separate book, so a shop that reached a second year
-- typed that year's opening quantities again; in one book they would add to what the year before left. Every store
-- with opening quantities is marked here; the start-up step (features/book/joinYears.ts) turns the openings typed
-- in a later year than the store's first into a stock count at that year's first moment (system quantity: what the
-- years before left; counted: what was typed), so each year opens with what was typed and nothing counts twice.
CREATE TABLE "one_book_pending" (
  "store_id" integer PRIMARY KEY NOT NULL REFERENCES "store"("id")
);--> statement-breakpoint
INSERT INTO "one_book_pending" ("store_id")
  SELECT DISTINCT "store_id" FROM "firstq" WHERE "quantity" <> 0 ON CONFLICT DO NOTHING;
