-- How the store's weighing scales print their EAN-13 labels (prefix 20–29, then the item's code and a weight or a
-- price, then the check digit): the POS reads a label with the store's layout (contract: scaleBarcode.ts). Every
-- existing store gets what most scales print: a 5-digit code and the weight in grams.
ALTER TABLE "store" ADD COLUMN "scale_code_digits" smallint DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "store" ADD COLUMN "scale_value" text DEFAULT 'weight' NOT NULL;--> statement-breakpoint
ALTER TABLE "store" ADD COLUMN "scale_decimals" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "store" ADD CONSTRAINT "store_scale_layout" CHECK (
  "scale_code_digits" BETWEEN 4 AND 6 AND "scale_value" IN ('weight', 'price') AND "scale_decimals" BETWEEN 0 AND 3
);
