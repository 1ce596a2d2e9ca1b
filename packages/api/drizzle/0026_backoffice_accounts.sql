CREATE TABLE "operator_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_owner_id" integer NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"site_ids" integer[],
	"totp_secret" text,
	"totp_confirmed_at" timestamp with time zone,
	"totp_optional" boolean DEFAULT false NOT NULL,
	"totp_last_step" integer,
	"disabled_at" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operator_accounts_role_valid" CHECK ("role" IN ('owner','admin','finance','support','content','viewer'))
);
--> statement-breakpoint
CREATE TABLE "operator_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"second_factor_done" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operator_audit" ADD COLUMN "account_id" integer;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "account_id" integer;--> statement-breakpoint
ALTER TABLE "operator_accounts" ADD CONSTRAINT "operator_accounts_brand_owner_id_brand_owners_id_fk" FOREIGN KEY ("brand_owner_id") REFERENCES "public"."brand_owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD CONSTRAINT "operator_sessions_account_id_operator_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."operator_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "operator_accounts_username_key" ON "operator_accounts" USING btree ("username");--> statement-breakpoint
CREATE INDEX "operator_sessions_account_idx" ON "operator_sessions" USING btree ("account_id");--> statement-breakpoint
ALTER TABLE "operator_audit" ADD CONSTRAINT "operator_audit_account_id_operator_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."operator_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_account_id_operator_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."operator_accounts"("id") ON DELETE cascade ON UPDATE no action;