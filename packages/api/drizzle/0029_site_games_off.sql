CREATE TABLE "site_games_off" (
	"site_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_games_off_site_id_game_id_pk" PRIMARY KEY("site_id","game_id")
);
--> statement-breakpoint
ALTER TABLE "site_games_off" ADD CONSTRAINT "site_games_off_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_games_off" ADD CONSTRAINT "site_games_off_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_games_off_game_idx" ON "site_games_off" USING btree ("game_id");--> statement-breakpoint
-- A game switched off or on for a site changes that site's lists and lobbies: the site caches of
-- every process forget the site (0001_site_change_notify.sql), and what was kept for it with them.
CREATE TRIGGER site_games_off_notify_change AFTER INSERT OR UPDATE OR DELETE ON site_games_off
  FOR EACH ROW EXECUTE FUNCTION wl_site_row_changed('site_id');
--> statement-breakpoint
CREATE TRIGGER site_games_off_notify_truncate AFTER TRUNCATE ON site_games_off
  FOR EACH STATEMENT EXECUTE FUNCTION wl_all_sites_changed();
