CREATE TABLE "company" (
	"id" serial PRIMARY KEY NOT NULL,
	"arName" text NOT NULL,
	"engName" text NOT NULL,
	"phone" text,
	"phone2" text,
	"address" text,
	"logoUrl" text,
	"tradNo" text,
	"vatNo" text,
	"country_code" text DEFAULT 'SD' NOT NULL,
	"currency_code" text DEFAULT 'SDG' NOT NULL,
	"currency_symbol" text DEFAULT 'ج.س' NOT NULL,
	"currency_decimals" integer DEFAULT 2 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "logHistory" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"user_id" integer,
	"typee" text NOT NULL,
	"logToken" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"yearId" integer,
	"dateCreated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failure" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ip" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_ref" text NOT NULL,
	"store_name" text NOT NULL,
	"location" text,
	CONSTRAINT "store_store_ref_unique" UNIQUE("store_ref")
);
--> statement-breakpoint
CREATE TABLE "user_store" (
	"user_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	CONSTRAINT "user_store_user_id_store_id_pk" PRIMARY KEY("user_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_name" text NOT NULL,
	"full_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"level" text DEFAULT 'user' NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_user_name_unique" UNIQUE("user_name")
);
--> statement-breakpoint
CREATE TABLE "year" (
	"id" serial PRIMARY KEY NOT NULL,
	"yearDesc" text NOT NULL,
	"yearStart" date NOT NULL,
	"yearEnd" date NOT NULL,
	"is_current" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "logHistory" ADD CONSTRAINT "logHistory_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logHistory" ADD CONSTRAINT "logHistory_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_store" ADD CONSTRAINT "user_store_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_store" ADD CONSTRAINT "user_store_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "log_history_store_date_idx" ON "logHistory" USING btree ("store_id","dateCreated");--> statement-breakpoint
CREATE INDEX "login_failure_ip_at_idx" ON "login_failure" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "session_expires_idx" ON "session" USING btree ("expires_at");