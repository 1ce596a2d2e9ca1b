CREATE TABLE "frozen_token_releases" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"amount" numeric(20, 4) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "frozen_token_settings" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"release_kind" text NOT NULL,
	"release_target" numeric(20, 4) NOT NULL,
	CONSTRAINT "frozen_token_settings_kind_valid" CHECK ("frozen_token_settings"."release_kind" IN ('deposit','turnover')),
	CONSTRAINT "frozen_token_settings_target_positive" CHECK ("frozen_token_settings"."release_target" > 0)
);
--> statement-breakpoint
CREATE TABLE "mission_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"mission_id" integer NOT NULL,
	"period_key" text NOT NULL,
	"reward_tokens" numeric(20, 4) NOT NULL,
	"ledger_entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "missions" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"target" numeric(20, 4) NOT NULL,
	"reward_tokens" numeric(20, 4) NOT NULL,
	"texts" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "missions_kind_valid" CHECK ("missions"."kind" IN ('login','deposit','game_rounds','turnover','vip_level')),
	CONSTRAINT "missions_period_valid" CHECK ("missions"."period" IN ('once','daily')),
	CONSTRAINT "missions_target_positive" CHECK ("missions"."target" > 0),
	CONSTRAINT "missions_reward_positive" CHECK ("missions"."reward_tokens" > 0)
);
--> statement-breakpoint
CREATE TABLE "promotion_entries" (
	"promotion_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"ledger_entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_entries_promotion_id_player_id_pk" PRIMARY KEY("promotion_id","player_id")
);
--> statement-breakpoint
CREATE TABLE "promotion_texts" (
	"promotion_id" integer NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"body" text NOT NULL,
	CONSTRAINT "promotion_texts_promotion_id_locale_pk" PRIMARY KEY("promotion_id","locale"),
	CONSTRAINT "promotion_texts_locale_valid" CHECK ("locale" IN ('EN','PHP','CN','ESP','RUS','VI','MS','NE','CT','MMK','MNT','IDR'))
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"kind" text NOT NULL,
	"category" text NOT NULL,
	"image_url" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone,
	"claim_type" text DEFAULT 'none' NOT NULL,
	"reward_amount" numeric(20, 4),
	"reward_type" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_kind_valid" CHECK ("promotions"."kind" IN ('promotion','news')),
	CONSTRAINT "promotions_claim_type_valid" CHECK ("promotions"."claim_type" IN ('none','join','claim')),
	CONSTRAINT "promotions_period_valid" CHECK ("promotions"."end_at" IS NULL OR "promotions"."end_at" > "promotions"."start_at"),
	CONSTRAINT "promotions_reward_valid" CHECK (("promotions"."reward_amount" IS NULL) = ("promotions"."reward_type" IS NULL) AND ("promotions"."reward_amount" IS NULL OR ("promotions"."reward_amount" > 0 AND "promotions"."claim_type" = 'claim')))
);
--> statement-breakpoint
CREATE TABLE "spin_prizes" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"prize_type" text NOT NULL,
	"amount" numeric(20, 4) DEFAULT '0' NOT NULL,
	"weight" integer NOT NULL,
	CONSTRAINT "spin_prizes_type_valid" CHECK ("spin_prizes"."prize_type" IN ('none','balance','tokens','frozen_tokens')),
	CONSTRAINT "spin_prizes_weight_valid" CHECK ("spin_prizes"."weight" > 0 AND "spin_prizes"."weight" <= 1000000),
	CONSTRAINT "spin_prizes_amount_valid" CHECK (("spin_prizes"."prize_type" = 'none') = ("spin_prizes"."amount" = 0) AND "spin_prizes"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "spin_settings" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"cost" numeric(20, 4) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spin_settings_cost_positive" CHECK ("spin_settings"."cost" > 0)
);
--> statement-breakpoint
CREATE TABLE "spins" (
	"id" uuid PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"prize_id" integer,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"cost" numeric(20, 4) NOT NULL,
	"prize_type" text NOT NULL,
	"amount" numeric(20, 4) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "frozen_token_releases" ADD CONSTRAINT "frozen_token_releases_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frozen_token_releases" ADD CONSTRAINT "frozen_token_releases_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frozen_token_settings" ADD CONSTRAINT "frozen_token_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_claims" ADD CONSTRAINT "mission_claims_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_claims" ADD CONSTRAINT "mission_claims_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_claims" ADD CONSTRAINT "mission_claims_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_claims" ADD CONSTRAINT "mission_claims_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_entries" ADD CONSTRAINT "promotion_entries_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_entries" ADD CONSTRAINT "promotion_entries_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_entries" ADD CONSTRAINT "promotion_entries_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_entries" ADD CONSTRAINT "promotion_entries_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_texts" ADD CONSTRAINT "promotion_texts_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spin_prizes" ADD CONSTRAINT "spin_prizes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spin_settings" ADD CONSTRAINT "spin_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spins" ADD CONSTRAINT "spins_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spins" ADD CONSTRAINT "spins_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spins" ADD CONSTRAINT "spins_prize_id_spin_prizes_id_fk" FOREIGN KEY ("prize_id") REFERENCES "public"."spin_prizes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "frozen_token_releases_player_idx" ON "frozen_token_releases" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mission_claims_once_key" ON "mission_claims" USING btree ("player_id","mission_id","period_key");--> statement-breakpoint
CREATE UNIQUE INDEX "missions_site_code_key" ON "missions" USING btree ("site_id","code");--> statement-breakpoint
CREATE INDEX "promotions_site_kind_idx" ON "promotions" USING btree ("site_id","kind","start_at");--> statement-breakpoint
CREATE UNIQUE INDEX "spin_prizes_site_position_key" ON "spin_prizes" USING btree ("site_id","position");--> statement-breakpoint
CREATE INDEX "spins_player_idx" ON "spins" USING btree ("player_id","created_at");