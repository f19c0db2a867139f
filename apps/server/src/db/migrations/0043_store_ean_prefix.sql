-- Issue 34, part 3 (docs/labels.md): the prefix of the store's own EAN-13s, which `items/assignBarcodes` gives to
-- items without a barcode. Every store starts with GS1's 04 (numbers a company keeps for use inside itself): outside
-- 20–29 and 02, where the weighing scales print their labels (the POS reads any 2x label with the store's scale
-- layout), so a scale label never reads as one of ours, nor one of ours as a weight.
ALTER TABLE "store" ADD COLUMN "ean_prefix" text DEFAULT '04' NOT NULL;--> statement-breakpoint
ALTER TABLE "store" ADD CONSTRAINT "store_ean_prefix" CHECK (
  "ean_prefix" ~ '^[0-9]{2,9}$' AND "ean_prefix" !~ '^(2|02)'
);
