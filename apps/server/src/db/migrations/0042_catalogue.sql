-- Issue 33, part 1: one catalogue for the company (docs/catalogue.md). An item is defined once and stocked, priced
-- and counted in every store: each store keeps its own row of it (`items`, as every read and document already keys
-- stock, cost and price by store), and the rows of one catalogue item share `catalogue_id` and its definition (names,
-- codes, barcode, brand, model, unit, VAT rate, image, category by name). Stock, moving-average cost, minimum and
-- prices stay the store's own.
ALTER TABLE "items" ADD COLUMN "catalogue_id" integer;--> statement-breakpoint
UPDATE "items" SET "catalogue_id" = "id";--> statement-breakpoint
-- The stores' items that are the same goods become one: the same barcode, or without one the same code. A barcode
-- (a code) is unique in its store, so each group holds at most one row per store. The lowest id leads.
UPDATE "items" i SET "catalogue_id" = g."leader"
FROM (SELECT "id", min("id") OVER (PARTITION BY "item_parcode") AS "leader" FROM "items"
	WHERE "item_parcode" IS NOT NULL) g
WHERE g."id" = i."id" AND g."leader" <> i."id";--> statement-breakpoint
UPDATE "items" i SET "catalogue_id" = g."leader"
FROM (SELECT "id", min("id") OVER (PARTITION BY "part_no") AS "leader" FROM "items"
	WHERE "item_parcode" IS NULL AND "part_no" IS NOT NULL) g
WHERE g."id" = i."id" AND g."leader" <> i."id";--> statement-breakpoint
-- A store's category of the same name as a category of another store: found, or made in that store.
CREATE FUNCTION "catalogue_category"("in_store" integer, "category" integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
	"name" text;
	"found" integer;
BEGIN
	IF "category" IS NULL THEN RETURN NULL; END IF;
	SELECT c."category_name", CASE WHEN c."store_id" = "in_store" THEN c."id" END INTO "name", "found"
	FROM "item_categories" c WHERE c."id" = "category";
	IF "found" IS NOT NULL OR "name" IS NULL THEN RETURN "found"; END IF;
	SELECT c."id" INTO "found" FROM "item_categories" c WHERE c."store_id" = "in_store" AND c."category_name" = "name";
	IF "found" IS NULL THEN
		INSERT INTO "item_categories" ("store_id", "category_name") VALUES ("in_store", "name")
		ON CONFLICT ("store_id", "category_name") DO UPDATE SET "category_name" = excluded."category_name"
		RETURNING "id" INTO "found";
	END IF;
	RETURN "found";
END
$$;--> statement-breakpoint
-- One definition: the members take their leader's (names, brand, model, unit, VAT rate, image, category). The code
-- too, unless another item of the member's store holds it (then the member keeps its own).
UPDATE "items" i SET "item_name" = l."item_name", "item_desc" = l."item_desc", "aliasEn" = l."aliasEn",
	"brand" = l."brand", "model" = l."model", "item_unit" = l."item_unit", "tax" = l."tax", "imageUrl" = l."imageUrl",
	"category_id" = "catalogue_category"(i."store_id", l."category_id")
FROM "items" l WHERE l."id" = i."catalogue_id" AND i."id" <> l."id";--> statement-breakpoint
UPDATE "items" i SET "part_no" = l."part_no"
FROM "items" l
WHERE l."id" = i."catalogue_id" AND i."id" <> l."id" AND l."part_no" IS NOT NULL
	AND i."part_no" IS DISTINCT FROM l."part_no"
	AND NOT EXISTS (SELECT 1 FROM "items" o WHERE o."store_id" = i."store_id" AND o."part_no" = l."part_no");--> statement-breakpoint
-- Every store stocks every catalogue item: the stores that lack one get its row, with its leader's definition and
-- prices, no stock and no minimum. A code another item of that store holds (or that two new rows would share) is
-- left empty there; a barcode cannot clash (every row with it is in the group).
INSERT INTO "items" ("store_id", "catalogue_id", "item_name", "item_desc", "aliasEn", "part_no", "item_parcode",
	"brand", "model", "item_unit", "min_qty", "pay_price", "perch_price", "tax", "category_id", "imageUrl")
SELECT m."store_id", m."catalogue_id", m."item_name", m."item_desc", m."aliasEn",
	CASE WHEN m."code_rank" = 1 AND NOT EXISTS (SELECT 1 FROM "items" o WHERE o."store_id" = m."store_id"
		AND o."part_no" = m."part_no") THEN m."part_no" END,
	m."item_parcode", m."brand", m."model", m."item_unit", 0, m."pay_price", m."perch_price", m."tax",
	"catalogue_category"(m."store_id", m."category_id"), m."imageUrl"
FROM (
	SELECT s."id" AS "store_id", l."id" AS "catalogue_id", l."item_name", l."item_desc", l."aliasEn", l."part_no",
		l."item_parcode", l."brand", l."model", l."item_unit", l."pay_price", l."perch_price", l."tax", l."category_id",
		l."imageUrl", row_number() OVER (PARTITION BY s."id", l."part_no" ORDER BY l."id") AS "code_rank"
	FROM "items" l CROSS JOIN "store" s
	WHERE l."id" = l."catalogue_id"
		AND NOT EXISTS (SELECT 1 FROM "items" i WHERE i."catalogue_id" = l."id" AND i."store_id" = s."id")
) m
ORDER BY m."catalogue_id", m."store_id";--> statement-breakpoint
ALTER TABLE "items" ALTER COLUMN "catalogue_id" SET NOT NULL;--> statement-breakpoint
-- One row per store of each catalogue item; one item's stock in every store is read from it.
CREATE UNIQUE INDEX "items_catalogue_store_uq" ON "items" USING btree ("catalogue_id", "store_id");--> statement-breakpoint
-- Every path that writes items (the items screen, the legacy batches, the Excel import, the demo and benchmark
-- generator, a test's own insert) keeps the catalogue without knowing of it, as item_stock is kept (migration 0029).
-- A new item leads its own catalogue item...
CREATE FUNCTION "items_catalogue_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW."catalogue_id" := coalesce(NEW."catalogue_id", NEW."id");
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "items_catalogue_id" BEFORE INSERT ON "items" FOR EACH ROW EXECUTE FUNCTION "items_catalogue_id"();--> statement-breakpoint
-- ...and is given its row in every other store, in the same statement's transaction (a code another store's item
-- holds refuses the whole insert: codes are the company's). The rows it writes fire this again one level deeper,
-- where it does nothing.
CREATE FUNCTION "items_catalogue_follow_inserts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
	INSERT INTO "items" ("store_id", "catalogue_id", "item_name", "item_desc", "aliasEn", "part_no", "item_parcode",
		"brand", "model", "item_unit", "min_qty", "pay_price", "perch_price", "tax", "category_id", "imageUrl")
	SELECT s."id", w."catalogue_id", w."item_name", w."item_desc", w."aliasEn", w."part_no", w."item_parcode",
		w."brand", w."model", w."item_unit", 0, w."pay_price", w."perch_price", w."tax",
		"catalogue_category"(s."id", w."category_id"), w."imageUrl"
	FROM "written_items" w CROSS JOIN "store" s
	WHERE NOT EXISTS (SELECT 1 FROM "items" i WHERE i."catalogue_id" = w."catalogue_id" AND i."store_id" = s."id")
	ORDER BY w."id", s."id";
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "items_catalogue_inserted" AFTER INSERT ON "items" REFERENCING NEW TABLE AS "written_items"
	FOR EACH STATEMENT EXECUTE FUNCTION "items_catalogue_follow_inserts"();--> statement-breakpoint
-- A change of the definition in one store is the change of every store's row: only the columns that changed are
-- copied (a code left empty in one store by the joining above stays so until the code itself is changed).
CREATE FUNCTION "items_catalogue_follow_updates"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
	UPDATE "items" s SET
		"item_name" = CASE WHEN n."item_name" IS DISTINCT FROM o."item_name" THEN n."item_name" ELSE s."item_name" END,
		"item_desc" = CASE WHEN n."item_desc" IS DISTINCT FROM o."item_desc" THEN n."item_desc" ELSE s."item_desc" END,
		"aliasEn" = CASE WHEN n."aliasEn" IS DISTINCT FROM o."aliasEn" THEN n."aliasEn" ELSE s."aliasEn" END,
		"part_no" = CASE WHEN n."part_no" IS DISTINCT FROM o."part_no" THEN n."part_no" ELSE s."part_no" END,
		"item_parcode" = CASE WHEN n."item_parcode" IS DISTINCT FROM o."item_parcode" THEN n."item_parcode"
			ELSE s."item_parcode" END,
		"brand" = CASE WHEN n."brand" IS DISTINCT FROM o."brand" THEN n."brand" ELSE s."brand" END,
		"model" = CASE WHEN n."model" IS DISTINCT FROM o."model" THEN n."model" ELSE s."model" END,
		"item_unit" = CASE WHEN n."item_unit" IS DISTINCT FROM o."item_unit" THEN n."item_unit" ELSE s."item_unit" END,
		"tax" = CASE WHEN n."tax" IS DISTINCT FROM o."tax" THEN n."tax" ELSE s."tax" END,
		"imageUrl" = CASE WHEN n."imageUrl" IS DISTINCT FROM o."imageUrl" THEN n."imageUrl" ELSE s."imageUrl" END,
		"category_id" = CASE WHEN n."category_id" IS DISTINCT FROM o."category_id"
			THEN "catalogue_category"(s."store_id", n."category_id") ELSE s."category_id" END
	FROM "new_items" n JOIN "old_items" o ON o."id" = n."id"
	WHERE s."catalogue_id" = n."catalogue_id" AND s."id" <> n."id"
		AND (n."item_name", n."item_desc", n."aliasEn", n."part_no", n."item_parcode", n."brand", n."model",
			n."item_unit", n."tax", n."imageUrl", n."category_id")
		IS DISTINCT FROM (o."item_name", o."item_desc", o."aliasEn", o."part_no", o."item_parcode", o."brand", o."model",
			o."item_unit", o."tax", o."imageUrl", o."category_id");
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "items_catalogue_updated" AFTER UPDATE ON "items" REFERENCING OLD TABLE AS "old_items"
	NEW TABLE AS "new_items" FOR EACH STATEMENT EXECUTE FUNCTION "items_catalogue_follow_updates"();--> statement-breakpoint
-- A new store stocks the whole catalogue from its first day: each item's leading row, no stock, no minimum (a code
-- that two items' rows hold since the joining above goes to the first).
CREATE FUNCTION "store_catalogue_follow_inserts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "items" ("store_id", "catalogue_id", "item_name", "item_desc", "aliasEn", "part_no", "item_parcode",
		"brand", "model", "item_unit", "min_qty", "pay_price", "perch_price", "tax", "category_id", "imageUrl")
	SELECT NEW."id", l."catalogue_id", l."item_name", l."item_desc", l."aliasEn",
		CASE WHEN l."code_rank" = 1 THEN l."part_no" END, l."item_parcode",
		l."brand", l."model", l."item_unit", 0, l."pay_price", l."perch_price", l."tax",
		"catalogue_category"(NEW."id", l."category_id"), l."imageUrl"
	FROM (SELECT f.*, row_number() OVER (PARTITION BY f."part_no" ORDER BY f."catalogue_id") AS "code_rank"
		FROM (SELECT DISTINCT ON ("catalogue_id") * FROM "items" ORDER BY "catalogue_id", "id") f) l
	ORDER BY l."catalogue_id";
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "store_catalogue_inserted" AFTER INSERT ON "store" FOR EACH ROW
	EXECUTE FUNCTION "store_catalogue_follow_inserts"();
