CREATE TABLE "game_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"game_session_id" uuid NOT NULL,
	"provider_id" integer NOT NULL,
	"provider_tx_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(20, 4) NOT NULL,
	"round_id" text DEFAULT '' NOT NULL,
	"reverses_tx_id" text,
	"ledger_entry_id" bigint,
	"rolled_back" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_transactions_kind_valid" CHECK ("provider_transactions"."kind" IN ('debit','credit','rollback')),
	CONSTRAINT "provider_transactions_amount_nonnegative" CHECK ("provider_transactions"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_transactions" ADD CONSTRAINT "provider_transactions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_transactions" ADD CONSTRAINT "provider_transactions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_transactions" ADD CONSTRAINT "provider_transactions_game_session_id_game_sessions_id_fk" FOREIGN KEY ("game_session_id") REFERENCES "public"."game_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_transactions" ADD CONSTRAINT "provider_transactions_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_transactions" ADD CONSTRAINT "provider_transactions_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_sessions_token_key" ON "game_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "game_sessions_player_idx" ON "game_sessions" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_transactions_provider_tx_key" ON "provider_transactions" USING btree ("provider_id","provider_tx_id");--> statement-breakpoint
CREATE INDEX "provider_transactions_player_idx" ON "provider_transactions" USING btree ("player_id","id");--> statement-breakpoint
CREATE INDEX "provider_transactions_round_idx" ON "provider_transactions" USING btree ("game_session_id","round_id");