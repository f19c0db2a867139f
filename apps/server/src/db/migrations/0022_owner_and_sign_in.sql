-- Issue 22: the owner. One user (at most) is the owner: the first administrator of the shop. Only the owner manages
-- the owner's account (docs/security.md). An existing shop's owner is its oldest administrator.
ALTER TABLE "users" ADD COLUMN "is_owner" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_one_owner" ON "users" USING btree ("is_owner") WHERE "is_owner";--> statement-breakpoint
UPDATE "users" SET "is_owner" = true WHERE "id" = (SELECT min("id") FROM "users" WHERE "is_admin");--> statement-breakpoint
-- Sign-in attempts are counted per account as well as per address (docs/security.md): the account's name, in lower
-- case, is kept with each attempt.
ALTER TABLE "login_failure" ADD COLUMN "user_name" text;--> statement-breakpoint
CREATE INDEX "login_failure_user_at_idx" ON "login_failure" USING btree ("user_name","at");
