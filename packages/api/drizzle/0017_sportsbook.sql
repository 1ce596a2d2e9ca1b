CREATE TABLE "sports_bet_legs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bet_id" bigint NOT NULL,
	"site_id" integer NOT NULL,
	"leg_index" integer NOT NULL,
	"match_id" integer NOT NULL,
	"selection_id" integer NOT NULL,
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
	"result" text,
	"settled_at" timestamp with time zone,
	CONSTRAINT "sports_bet_legs_odds_valid" CHECK ("sports_bet_legs"."odds" >= 1)
);
--> statement-breakpoint
ALTER TABLE "sports_bets" DROP CONSTRAINT "sports_bets_status_valid";--> statement-breakpoint
ALTER TABLE "sports_bets" ALTER COLUMN "odds" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "match_odds" ADD COLUMN "open" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "match_odds" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "match_odds" ADD COLUMN "result" text;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "feed_key" text;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "suspended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "minute" integer;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "resulted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sports_bets" ADD COLUMN "client_bet_id" text;--> statement-breakpoint
ALTER TABLE "sports_bets" ADD COLUMN "kind" text DEFAULT 'single' NOT NULL;--> statement-breakpoint
ALTER TABLE "sports_bets" ADD COLUMN "potential_return" numeric(20, 4);--> statement-breakpoint
ALTER TABLE "sports_bets" ADD COLUMN "in_play" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sports_bet_legs" ADD CONSTRAINT "sports_bet_legs_bet_id_sports_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."sports_bets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sports_bet_legs" ADD CONSTRAINT "sports_bet_legs_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sports_bet_legs" ADD CONSTRAINT "sports_bet_legs_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sports_bet_legs" ADD CONSTRAINT "sports_bet_legs_selection_id_match_odds_id_fk" FOREIGN KEY ("selection_id") REFERENCES "public"."match_odds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sports_bet_legs_bet_key" ON "sports_bet_legs" USING btree ("bet_id","leg_index");--> statement-breakpoint
CREATE INDEX "sports_bet_legs_open_selection_idx" ON "sports_bet_legs" USING btree ("selection_id") WHERE "sports_bet_legs"."result" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "match_odds_selection_key" ON "match_odds" USING btree ("match_id","bet_type","home_away","criteria1");--> statement-breakpoint
CREATE UNIQUE INDEX "sports_bets_client_bet_key" ON "sports_bets" USING btree ("site_id","player_id","client_bet_id");--> statement-breakpoint
CREATE INDEX "sports_bets_open_idx" ON "sports_bets" USING btree ("site_id") WHERE "sports_bets"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_feed_key_unique" UNIQUE("feed_key");--> statement-breakpoint
ALTER TABLE "match_odds" ADD CONSTRAINT "match_odds_odds_valid" CHECK ("match_odds"."odds" >= 1);--> statement-breakpoint
ALTER TABLE "sports_bets" ADD CONSTRAINT "sports_bets_status_valid" CHECK ("sports_bets"."status" IN ('pending','won','lost','void','cashed_out'));