CREATE TABLE "bank_account_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"bank_account_id" integer NOT NULL,
	"action" text NOT NULL,
	"actor" text NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"bank_id" integer NOT NULL,
	"account_name" text NOT NULL,
	"account_number" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "bank_accounts_number_digits" CHECK ("bank_accounts"."account_number" ~ '^[0-9]{6,30}$'),
	CONSTRAINT "bank_accounts_removed_not_default" CHECK ("bank_accounts"."removed_at" IS NULL OR NOT "bank_accounts"."is_default")
);
--> statement-breakpoint
CREATE TABLE "banking_settings" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"min_deposit" numeric(20, 4) NOT NULL,
	"max_deposit" numeric(20, 4) NOT NULL,
	"min_withdrawal" numeric(20, 4) NOT NULL,
	"max_withdrawal" numeric(20, 4) NOT NULL,
	"max_bank_accounts" integer DEFAULT 3 NOT NULL,
	"max_pending_deposits" integer DEFAULT 3 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banking_settings_deposit_range" CHECK ("banking_settings"."min_deposit" > 0 AND "banking_settings"."max_deposit" >= "banking_settings"."min_deposit"),
	CONSTRAINT "banking_settings_withdrawal_range" CHECK ("banking_settings"."min_withdrawal" > 0 AND "banking_settings"."max_withdrawal" >= "banking_settings"."min_withdrawal"),
	CONSTRAINT "banking_settings_max_accounts" CHECK ("banking_settings"."max_bank_accounts" BETWEEN 1 AND 20),
	CONSTRAINT "banking_settings_max_pending" CHECK ("banking_settings"."max_pending_deposits" BETWEEN 1 AND 100)
);
--> statement-breakpoint
CREATE TABLE "banks" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'bank' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "banks_kind_valid" CHECK ("banks"."kind" IN ('bank','e_wallet'))
);
--> statement-breakpoint
CREATE TABLE "deposit_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "deposit_methods_kind_valid" CHECK ("deposit_methods"."kind" IN ('bank_transfer','e_wallet'))
);
--> statement-breakpoint
CREATE TABLE "operator_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operator_id" integer,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"site_id" integer,
	"reason" text DEFAULT '' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"site_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipts_content_type_valid" CHECK ("receipts"."content_type" IN ('image/png','image/jpeg','image/webp')),
	CONSTRAINT "receipts_size_valid" CHECK ("receipts"."size" > 0 AND "receipts"."size" <= 2097152 AND octet_length("receipts"."data") = "receipts"."size")
);
--> statement-breakpoint
CREATE TABLE "receiving_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"method_id" integer NOT NULL,
	"bank_id" integer NOT NULL,
	"account_name" text NOT NULL,
	"account_number" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sports_bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"match_id" integer,
	"ticket" text NOT NULL,
	"sport" text NOT NULL,
	"league" text NOT NULL,
	"match_start" timestamp with time zone NOT NULL,
	"home_team_name" text NOT NULL,
	"away_team_name" text NOT NULL,
	"local_names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"bet_type" text NOT NULL,
	"home_away" text NOT NULL,
	"criteria1" text DEFAULT '' NOT NULL,
	"odds" numeric(10, 3) NOT NULL,
	"stake" numeric(20, 4) NOT NULL,
	"payout" numeric(20, 4) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "sports_bets_status_valid" CHECK ("sports_bets"."status" IN ('pending','won','lost','void')),
	CONSTRAINT "sports_bets_amounts_valid" CHECK ("sports_bets"."stake" > 0 AND "sports_bets"."payout" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_account_valid";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "method_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receiving_account_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "transfer_reference" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receipt_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "promotion_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "bank_account_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "decided_by" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "decision_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "held" numeric(20, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_account_changes" ADD CONSTRAINT "bank_account_changes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_account_changes" ADD CONSTRAINT "bank_account_changes_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_account_changes" ADD CONSTRAINT "bank_account_changes_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banking_settings" ADD CONSTRAINT "banking_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banks" ADD CONSTRAINT "banks_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_methods" ADD CONSTRAINT "deposit_methods_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_audit" ADD CONSTRAINT "operator_audit_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_audit" ADD CONSTRAINT "operator_audit_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receiving_accounts" ADD CONSTRAINT "receiving_accounts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receiving_accounts" ADD CONSTRAINT "receiving_accounts_method_id_deposit_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."deposit_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receiving_accounts" ADD CONSTRAINT "receiving_accounts_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sports_bets" ADD CONSTRAINT "sports_bets_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sports_bets" ADD CONSTRAINT "sports_bets_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sports_bets" ADD CONSTRAINT "sports_bets_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_account_changes_player_idx" ON "bank_account_changes" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "bank_accounts_player_idx" ON "bank_accounts" USING btree ("player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_one_default_key" ON "bank_accounts" USING btree ("player_id") WHERE "bank_accounts"."is_default" AND "bank_accounts"."removed_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_live_number_key" ON "bank_accounts" USING btree ("player_id","bank_id","account_number") WHERE "bank_accounts"."removed_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "banks_site_code_key" ON "banks" USING btree ("site_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_methods_site_code_key" ON "deposit_methods" USING btree ("site_id","code");--> statement-breakpoint
CREATE INDEX "operator_audit_site_idx" ON "operator_audit" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "operator_audit_target_idx" ON "operator_audit" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "operators_name_key" ON "operators" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "operators_key_hash_key" ON "operators" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "receipts_player_idx" ON "receipts" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "receiving_accounts_method_idx" ON "receiving_accounts" USING btree ("method_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sports_bets_site_ticket_key" ON "sports_bets" USING btree ("site_id","ticket");--> statement-breakpoint
CREATE INDEX "sports_bets_player_idx" ON "sports_bets" USING btree ("player_id","placed_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_method_id_deposit_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."deposit_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_receiving_account_id_receiving_accounts_id_fk" FOREIGN KEY ("receiving_account_id") REFERENCES "public"."receiving_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_receipt_key" ON "payments" USING btree ("receipt_id") WHERE "payments"."receipt_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_valid" CHECK ("ledger_entries"."account" IN ('balance','tokens','frozen_tokens','held'));--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_held_nonnegative" CHECK ("wallets"."held" >= 0);