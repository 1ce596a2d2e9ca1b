-- The back office's Players screens (issue 26 §2, ADR 0047): operators' notes on a player, and the
-- indexes of the player search (account id, phone and email exact on any site; a name by its start).
CREATE TABLE "player_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"body" text NOT NULL,
	"author" text NOT NULL,
	"account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_notes_body_length" CHECK (char_length("player_notes"."body") BETWEEN 1 AND 2000)
);
--> statement-breakpoint
ALTER TABLE "player_notes" ADD CONSTRAINT "player_notes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_notes" ADD CONSTRAINT "player_notes_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_notes" ADD CONSTRAINT "player_notes_account_id_operator_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."operator_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_notes_player_idx" ON "player_notes" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "players_account_idx" ON "players" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "players_phone_idx" ON "players" USING btree ("contact_phone") WHERE "players"."contact_phone" <> '';--> statement-breakpoint
CREATE INDEX "players_email_lower_idx" ON "players" USING btree (lower("contact_email")) WHERE "players"."contact_email" <> '';--> statement-breakpoint
CREATE INDEX "players_name_prefix_idx" ON "players" USING btree (lower("full_name") text_pattern_ops);