-- Codes kept in Western digits (docs/money.md, "Codes too"): an account's code and phone, an item's code and barcode
-- typed in Arabic-Indic (٠-٩) or Persian (۰-۹) digits were stored as typed when a client other than the web app's
-- forms sent them (the contract converts them since, `optionalCode`), so the party picker, the code searches and a
-- barcode scanner (Western digits) could not find them. They are converted here.
--
-- A migration must never fail on a shop's data: a code whose Western form another row of the same store already has
-- (the store's unique index would refuse it), or that two rows would both become (the lowest id is converted), is
-- left as it is; the shop tells them apart by hand (the account or item form shows it, and saving converts it, or
-- refuses it as a duplicate, with the usual message). Phones are not unique: all are converted.
UPDATE "sub_accounts" s SET "sub_code" = c."code"
FROM (
	SELECT "id", "store_id", "code", row_number() OVER (PARTITION BY "store_id", "code" ORDER BY "id") AS "nth"
	FROM (
		SELECT "id", "store_id", translate("sub_code", '٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹', '01234567890123456789') AS "code", "sub_code"
		FROM "sub_accounts"
	) t
	WHERE "code" <> "sub_code"
) c
WHERE s."id" = c."id" AND c."nth" = 1
	AND NOT EXISTS (SELECT 1 FROM "sub_accounts" o WHERE o."store_id" = c."store_id" AND o."sub_code" = c."code");--> statement-breakpoint
UPDATE "sub_accounts" SET "phone" = translate("phone", '٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹', '01234567890123456789')
WHERE "phone" <> translate("phone", '٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹', '01234567890123456789');--> statement-breakpoint
UPDATE "items" i SET "part_no" = c."code"
FROM (
	SELECT "id", "store_id", "code", row_number() OVER (PARTITION BY "store_id", "code" ORDER BY "id") AS "nth"
	FROM (
		SELECT "id", "store_id", translate("part_no", '٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹', '01234567890123456789') AS "code", "part_no"
		FROM "items"
	) t
	WHERE "code" <> "part_no"
) c
WHERE i."id" = c."id" AND c."nth" = 1
	AND NOT EXISTS (SELECT 1 FROM "items" o WHERE o."store_id" = c."store_id" AND o."part_no" = c."code");--> statement-breakpoint
UPDATE "items" i SET "item_parcode" = c."code"
FROM (
	SELECT "id", "store_id", "code", row_number() OVER (PARTITION BY "store_id", "code" ORDER BY "id") AS "nth"
	FROM (
		SELECT "id", "store_id", translate("item_parcode", '٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹', '01234567890123456789') AS "code",
			"item_parcode"
		FROM "items"
	) t
	WHERE "code" <> "item_parcode"
) c
WHERE i."id" = c."id" AND c."nth" = 1
	AND NOT EXISTS (SELECT 1 FROM "items" o WHERE o."store_id" = c."store_id" AND o."item_parcode" = c."code");
