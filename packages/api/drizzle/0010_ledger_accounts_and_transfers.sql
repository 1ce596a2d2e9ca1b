CREATE TABLE "ledger_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"player_id" integer,
	"code" text NOT NULL,
	"unit" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_unit_valid" CHECK ("ledger_accounts"."unit" IN ('money','tokens')),
	CONSTRAINT "ledger_accounts_player_code_valid" CHECK ("ledger_accounts"."player_id" IS NULL OR ("ledger_accounts"."code" = 'balance' AND "ledger_accounts"."unit" = 'money') OR ("ledger_accounts"."code" IN ('tokens','frozen_tokens') AND "ledger_accounts"."unit" = 'tokens'))
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"kind" text NOT NULL,
	"debit_account_id" bigint NOT NULL,
	"credit_account_id" bigint NOT NULL,
	"unit" text NOT NULL,
	"amount" numeric(20, 4) NOT NULL,
	"pending_id" bigint,
	"type" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"idempotency_key" text NOT NULL,
	"debit_after" numeric(20, 4),
	"credit_after" numeric(20, 4),
	"held_after" numeric(20, 4),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transfers_amount_positive" CHECK ("ledger_transfers"."amount" > 0),
	CONSTRAINT "ledger_transfers_two_accounts" CHECK ("ledger_transfers"."debit_account_id" <> "ledger_transfers"."credit_account_id"),
	CONSTRAINT "ledger_transfers_kind_valid" CHECK ("ledger_transfers"."kind" IN ('posted','pending','post_pending','void_pending')),
	CONSTRAINT "ledger_transfers_settles_pending" CHECK (("ledger_transfers"."kind" IN ('post_pending','void_pending')) = ("ledger_transfers"."pending_id" IS NOT NULL))
);
--> statement-breakpoint
-- The composite foreign keys of ledger_transfers need this unique index first.
CREATE UNIQUE INDEX "ledger_accounts_site_id_unit_key" ON "ledger_accounts" USING btree ("site_id","id","unit");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_pending_id_ledger_transfers_id_fk" FOREIGN KEY ("pending_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_debit_account_fk" FOREIGN KEY ("site_id","debit_account_id","unit") REFERENCES "public"."ledger_accounts"("site_id","id","unit") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_credit_account_fk" FOREIGN KEY ("site_id","credit_account_id","unit") REFERENCES "public"."ledger_accounts"("site_id","id","unit") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_player_code_key" ON "ledger_accounts" USING btree ("player_id","code") WHERE "ledger_accounts"."player_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_system_code_key" ON "ledger_accounts" USING btree ("site_id","code") WHERE "ledger_accounts"."player_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_idempotency_key" ON "ledger_transfers" USING btree ("site_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_pending_key" ON "ledger_transfers" USING btree ("pending_id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_debit_idx" ON "ledger_transfers" USING btree ("debit_account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_credit_idx" ON "ledger_transfers" USING btree ("credit_account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_site_time_idx" ON "ledger_transfers" USING btree ("site_id","created_at");