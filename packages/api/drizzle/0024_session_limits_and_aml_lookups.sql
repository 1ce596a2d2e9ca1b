CREATE TABLE "player_reality_checks" (
	"site_id" integer NOT NULL,
	"player_id" integer PRIMARY KEY NOT NULL,
	"interval_minutes" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_reality_checks_interval_valid" CHECK ("interval_minutes" BETWEEN 15 AND 60)
);
--> statement-breakpoint
ALTER TABLE "player_limits" DROP CONSTRAINT "player_limits_kind_valid";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "limit_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "player_reality_checks" ADD CONSTRAINT "player_reality_checks_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_reality_checks" ADD CONSTRAINT "player_reality_checks_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "players_visitor_idx" ON "players" USING btree ("visitor_id") WHERE "players"."visitor_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "bank_accounts_number_idx" ON "bank_accounts" USING btree ("account_number") WHERE "bank_accounts"."removed_at" IS NULL;--> statement-breakpoint
ALTER TABLE "player_limits" ADD CONSTRAINT "player_limits_session_valid" CHECK ("player_limits"."kind" <> 'session' OR ("player_limits"."period" = 'day' AND ("player_limits"."amount" IS NULL OR ("player_limits"."amount" = trunc("player_limits"."amount") AND "player_limits"."amount" <= 1440))
        AND ("player_limits"."pending_amount" IS NULL OR ("player_limits"."pending_amount" = trunc("player_limits"."pending_amount") AND "player_limits"."pending_amount" <= 1440))));--> statement-breakpoint
ALTER TABLE "player_limits" ADD CONSTRAINT "player_limits_kind_valid" CHECK ("kind" IN ('deposit','loss','wager','session'));