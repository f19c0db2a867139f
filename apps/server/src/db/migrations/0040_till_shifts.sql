-- Issue 34, part 1: till shifts (docs/shifts.md). A till is a device or a named register of a store; a shift opens
-- on it with a counted float and closes with the cash counted against what the books expect. One open shift per
-- till (the partial unique index). A sale made at a till belongs to its shift (`trade_document.shift_id`), an
-- offline one too, whenever it reaches the server. What a shift posts besides its documents is dated: each paid in
-- or out on its day (source `shift_cash_move`), the close's over or short on the day it closed (source `till_shift`).
ALTER TABLE "store" ADD COLUMN "shifts_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "till_shift" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL REFERENCES "store"("id"),
	"till" text NOT NULL,
	"user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"shift_ref" text NOT NULL,
	"opening_float" numeric(15, 2) NOT NULL CHECK ("opening_float" >= 0),
	-- The float or the count by denomination, as the cashier typed it: [{ "value": "50.00", "count": 3 }].
	"opening_denominations" jsonb,
	"closing_denominations" jsonb,
	"money_account_id" integer NOT NULL REFERENCES "sub_accounts"("id"),
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_date" date NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_date" date,
	"closed_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"closed_yearId" integer REFERENCES "year"("id"),
	"counted_cash" numeric(15, 2),
	-- What the books expected in the drawer when it was counted: an offline sale of the shift that arrives later
	-- adds its cash here (it was in the drawer), a later edit does not (it shows as a correction after close).
	"expected_at_close" numeric(15, 2),
	"difference" numeric(15, 2),
	CONSTRAINT "till_shift_closed_whole" CHECK (("closed_at" IS NULL) = ("counted_cash" IS NULL)
		AND ("closed_at" IS NULL) = ("closed_date" IS NULL) AND ("closed_at" IS NULL) = ("expected_at_close" IS NULL)
		AND ("closed_at" IS NULL) = ("difference" IS NULL) AND ("closed_at" IS NULL) = ("closed_yearId" IS NULL))
);--> statement-breakpoint
CREATE UNIQUE INDEX "till_shift_one_open_uq" ON "till_shift" ("store_id", "till") WHERE "closed_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "till_shift_ref_uq" ON "till_shift" ("store_id", "shift_ref");--> statement-breakpoint
CREATE INDEX "till_shift_list_idx" ON "till_shift" ("store_id", "opened_at");--> statement-breakpoint
CREATE TABLE "shift_cash_move" (
	"id" serial PRIMARY KEY NOT NULL,
	"shift_id" integer NOT NULL REFERENCES "till_shift"("id"),
	"store_id" integer NOT NULL REFERENCES "store"("id"),
	"yearId" integer NOT NULL REFERENCES "year"("id"),
	"kind" text NOT NULL CHECK ("kind" IN ('in', 'out')),
	"amount" numeric(15, 2) NOT NULL CHECK ("amount" > 0),
	"reason" text NOT NULL,
	"account_id" integer NOT NULL REFERENCES "sub_accounts"("id"),
	"move_date" date NOT NULL,
	"user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "shift_cash_move_shift_idx" ON "shift_cash_move" ("shift_id");--> statement-breakpoint
ALTER TABLE "trade_document" ADD COLUMN "shift_id" integer REFERENCES "till_shift"("id");--> statement-breakpoint
CREATE INDEX "trade_document_shift_idx" ON "trade_document" ("shift_id") WHERE "shift_id" IS NOT NULL;--> statement-breakpoint
-- Who may work shifts: every role that sells opens and closes its own; the roles that manage the store (they have
-- the settings) reopen and close anyone's.
UPDATE "role" SET "permissions" = array_append("permissions", 'shift')
WHERE 'sale.create' = ANY("permissions") AND NOT 'shift' = ANY("permissions");--> statement-breakpoint
UPDATE "role" SET "permissions" = array_append("permissions", 'shiftsManage')
WHERE 'settings' = ANY("permissions") AND NOT 'shiftsManage' = ANY("permissions");
