-- Selling offline (issue 21, docs/offline.md): a sale made on a device carries the device's id and its number there
-- (1, 2, 3, ... per device), so the server can show that a device's sales run 1…max with no gap and no repeat. One
-- number names one sale of a device in a store.
ALTER TABLE "trade_document" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "trade_document" ADD COLUMN "device_counter" integer;--> statement-breakpoint
ALTER TABLE "trade_document" ADD CONSTRAINT "trade_document_device_pair" CHECK (
  ("device_id" IS NULL) = ("device_counter" IS NULL) AND ("device_counter" IS NULL OR "device_counter" >= 1)
);--> statement-breakpoint
CREATE UNIQUE INDEX "trade_document_device_uq" ON "trade_document" USING btree ("store_id","device_id","device_counter") WHERE "device_id" is not null;
