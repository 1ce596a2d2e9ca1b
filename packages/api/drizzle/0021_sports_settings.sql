CREATE TABLE "player_sports_settings" (
	"site_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"odds_format" text DEFAULT 'decimal' NOT NULL,
	"odds_change" text DEFAULT 'higher' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_sports_settings_site_id_player_id_pk" PRIMARY KEY("site_id","player_id"),
	CONSTRAINT "player_sports_settings_odds_format_valid" CHECK ("odds_format" IN ('decimal','fractional','american')),
	CONSTRAINT "player_sports_settings_odds_change_valid" CHECK ("odds_change" IN ('none','higher','any'))
);
--> statement-breakpoint
ALTER TABLE "player_sports_settings" ADD CONSTRAINT "player_sports_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_sports_settings" ADD CONSTRAINT "player_sports_settings_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;