-- Issue 35: a document keeps its discount as the user typed it in percent (12.5 % of 10.01 is 1.25, which reads
-- back as 12.49 %). The amount (`discount`) stays what is posted; the percent is kept beside it only while it gives
-- that very amount of the document's total (the save checks it), null when the discount was typed as an amount.
ALTER TABLE "trade_document" ADD COLUMN "discount_percent" numeric(5, 2);
