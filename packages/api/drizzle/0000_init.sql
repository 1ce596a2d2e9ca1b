CREATE TABLE "ad_visits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"visitor_key" text NOT NULL,
	"fbp" text,
	"appsflyer_id" text,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_scripts" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"section" text NOT NULL,
	"script" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "analytics_scripts_section_valid" CHECK ("analytics_scripts"."section" IN ('HEAD','BODY'))
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms_pages" (
	"site_id" integer NOT NULL,
	"page" text NOT NULL,
	"locale" text NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cms_pages_site_id_page_locale_pk" PRIMARY KEY("site_id","page","locale"),
	CONSTRAINT "cms_pages_page_valid" CHECK ("page" IN ('about_us','privacy_policy','banking','faqs','responsible_gaming')),
	CONSTRAINT "cms_pages_locale_valid" CHECK ("locale" IN ('EN','PHP','CN','ESP','RUS','VI','MS','NE','CT','MMK','MNT','IDR'))
);
--> statement-breakpoint
CREATE TABLE "favourites" (
	"player_id" integer NOT NULL,
	"provider_code" text NOT NULL,
	"game_code" text NOT NULL,
	"game_name" text NOT NULL,
	"game_type" text NOT NULL,
	"img_url" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourites_player_id_provider_code_game_code_pk" PRIMARY KEY("player_id","provider_code","game_code")
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"game_code" text NOT NULL,
	"game_name" text NOT NULL,
	"game_type" text NOT NULL,
	"categories" text[] NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"hot" boolean DEFAULT false NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"popular" boolean DEFAULT false NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "games_type_valid" CHECK ("game_type" IN ('slots','livecasino','hashgame','sportsbook','fish','table','sabong','lottery','horseracing','bingo','arcade','crash')),
	CONSTRAINT "games_categories_valid" CHECK ("categories" <@ ARRAY['slots','livecasino','hashgame','sportsbook','fish','table','sabong','lottery','horseracing','bingo','arcade','crash']::text[] AND "game_type" = ANY("categories"))
);
--> statement-breakpoint
CREATE TABLE "inbox_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"reward_amount" numeric(20, 4),
	"reward_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "inbox_items_reward_valid" CHECK (("inbox_items"."reward_amount" IS NULL) = ("inbox_items"."reward_type" IS NULL) AND ("inbox_items"."reward_amount" IS NULL OR "inbox_items"."reward_amount" > 0))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"account" text NOT NULL,
	"amount" numeric(20, 4) NOT NULL,
	"balance_after" numeric(20, 4) NOT NULL,
	"type" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_account_valid" CHECK ("ledger_entries"."account" IN ('balance','tokens','frozen_tokens')),
	CONSTRAINT "ledger_entries_amount_nonzero" CHECK ("ledger_entries"."amount" <> 0),
	CONSTRAINT "ledger_entries_balance_after_nonnegative" CHECK ("ledger_entries"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "marquees" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"text" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_odds" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"bet_type" text NOT NULL,
	"home_away" text NOT NULL,
	"criteria1" text DEFAULT '' NOT NULL,
	"odds" numeric(10, 3) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"sport" text NOT NULL,
	"league" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'upcoming' NOT NULL,
	"home_team_name" text NOT NULL,
	"away_team_name" text NOT NULL,
	"local_names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"home_score" integer,
	"away_score" integer
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"partner_name" text NOT NULL,
	"href" text NOT NULL,
	"img_url" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(20, 4) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "payments_kind_valid" CHECK ("payments"."kind" IN ('deposit','withdrawal')),
	CONSTRAINT "payments_status_valid" CHECK ("payments"."status" IN ('pending','approved','rejected','cancelled')),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "player_vip" (
	"player_id" integer PRIMARY KEY NOT NULL,
	"level" integer DEFAULT 0 NOT NULL,
	"starting_deposit" numeric(20, 4) DEFAULT '0' NOT NULL,
	"cycle_deposit" numeric(20, 4) DEFAULT '0' NOT NULL,
	"starting_turnover" numeric(20, 4) DEFAULT '0' NOT NULL,
	"cycle_turnover" numeric(20, 4) DEFAULT '0' NOT NULL,
	"total_deposit" numeric(20, 4) DEFAULT '0' NOT NULL,
	"total_turnover" numeric(20, 4) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"account_id" text NOT NULL,
	"password_hash" text NOT NULL,
	"full_name" text DEFAULT '' NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"referral_code" text NOT NULL,
	"referred_by" integer,
	"referrer_code" text,
	"ch" text,
	"cm" text,
	"pp" text,
	"affiliate_code" text,
	"fbp" text,
	"appsflyer_id" text,
	"visitor_id" text,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "players_account_lower" CHECK ("players"."account_id" = lower("players"."account_id")),
	CONSTRAINT "players_status_valid" CHECK ("players"."status" IN ('active','blocked','closed'))
);
--> statement-breakpoint
CREATE TABLE "providers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seed_steps" (
	"name" text PRIMARY KEY NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seo_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"page_name" text NOT NULL,
	"en_item_name" text DEFAULT '' NOT NULL,
	"en_body" text DEFAULT '' NOT NULL,
	"local_item_name" text DEFAULT '' NOT NULL,
	"local_body" text DEFAULT '' NOT NULL,
	"meta_title" text DEFAULT '' NOT NULL,
	"meta_desc" text DEFAULT '' NOT NULL,
	"meta_keywords" text DEFAULT '' NOT NULL,
	"meta_url" text DEFAULT '' NOT NULL,
	"meta_canonical" text DEFAULT '' NOT NULL,
	"meta_author" text DEFAULT '' NOT NULL,
	"meta_publisher" text DEFAULT '' NOT NULL,
	"meta_lang" text DEFAULT '' NOT NULL,
	"meta_image_url" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"user_agent" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_domains_lower" CHECK ("site_domains"."domain" = lower("site_domains"."domain"))
);
--> statement-breakpoint
CREATE TABLE "site_providers" (
	"site_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "site_providers_site_id_provider_id_pk" PRIMARY KEY("site_id","provider_id")
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"site_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "site_settings_site_id_key_pk" PRIMARY KEY("site_id","key")
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"external_id" text NOT NULL,
	"site_name" text NOT NULL,
	"theme_code" text NOT NULL,
	"theme_color" text NOT NULL,
	"currency" text NOT NULL,
	"logo1" text DEFAULT '' NOT NULL,
	"logo2" text DEFAULT '' NOT NULL,
	"logo3" text DEFAULT '' NOT NULL,
	"logo_text" text DEFAULT '' NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"expired_date" timestamp with time zone,
	"android_sub" text DEFAULT '' NOT NULL,
	"ios_sub" text DEFAULT '' NOT NULL,
	"manifest_icon" text DEFAULT '' NOT NULL,
	"gamify_status" boolean DEFAULT false NOT NULL,
	"maintenance_start" timestamp with time zone,
	"maintenance_end" timestamp with time zone,
	"live_chat_status" boolean DEFAULT false NOT NULL,
	"live_chat_id" text DEFAULT '' NOT NULL,
	"live_chat_image_id" text DEFAULT '' NOT NULL,
	"aff_domain" text DEFAULT '' NOT NULL,
	"languages" text[] DEFAULT ARRAY['EN']::text[] NOT NULL,
	"menu" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sites_theme_valid" CHECK (("theme_code", "theme_color") IN (('casino1','gold'),('casino1','ruby'),('casino1','sapphire'),('casino1','emerald'),('casino1','onyx'),('casino2','crimson'),('casino2','gold'),('casino2','navy'),('casino2','jade'),('casino2','pearl'),('casino3','royal'),('casino3','amber'),('casino3','teal'),('casino3','rose'),('casino3','slate'),('casino4','neon'),('casino4','violet'),('casino4','cyan'),('casino4','lime'),('casino4','black'),('casino5','burgundy'),('casino5','champagne'),('casino5','forest'),('casino5','midnight'),('casino5','copper'),('casino6','orange'),('casino6','blue'),('casino6','red'),('casino6','green'),('casino6','purple'),('casino7','sunset'),('casino7','ocean'),('casino7','aurora'),('casino7','ember'),('casino7','frost'),('casino8','black'),('casino8','white'),('casino8','gold'),('casino8','red'),('casino8','blue'),('casino9','plum'),('casino9','mint'),('casino9','coral'),('casino9','indigo'),('casino9','sand'),('slot1','cherry'),('slot1','lemon'),('slot1','grape'),('slot1','melon'),('slot1','plum'),('slot2','red'),('slot2','blue'),('slot2','green'),('slot2','purple'),('slot2','black'),('slot3','gold'),('slot3','silver'),('slot3','bronze'),('slot3','platinum'),('slot3','diamond'),('slot4','fire'),('slot4','water'),('slot4','earth'),('slot4','wind'),('slot4','thunder'),('slot5','pink'),('slot5','sky'),('slot5','lavender'),('slot5','peach'),('slot5','aqua'),('slot6','jungle'),('slot6','desert'),('slot6','arctic'),('slot6','volcano'),('slot6','lagoon'),('slot7','neon'),('slot7','retro'),('slot7','pastel'),('slot7','mono'),('slot7','vivid'),('slot8','dragon'),('slot8','tiger'),('slot8','phoenix'),('slot8','koi'),('slot8','lotus'),('slot9','ruby'),('slot9','emerald'),('slot9','sapphire'),('slot9','topaz'),('slot9','amethyst'),('sportsbook1','green'),('sportsbook1','blue'),('sportsbook1','orange'),('sportsbook1','red'),('sportsbook1','black'),('sportsbook2','pitch'),('sportsbook2','court'),('sportsbook2','arena'),('sportsbook2','track'),('sportsbook2','ice'),('sportsbook3','navy'),('sportsbook3','teal'),('sportsbook3','lime'),('sportsbook3','yellow'),('sportsbook3','graphite'),('sportsbook4','dark'),('sportsbook4','light'),('sportsbook4','blue'),('sportsbook4','green'),('sportsbook4','red'))),
	CONSTRAINT "sites_languages_valid" CHECK ("languages" <@ ARRAY['EN','PHP','CN','ESP','RUS','VI','MS','NE','CT','MMK','MNT','IDR']::text[] AND cardinality("languages") > 0),
	CONSTRAINT "sites_currency_format" CHECK ("sites"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "sites_maintenance_window" CHECK ("sites"."maintenance_end" IS NULL OR "sites"."maintenance_start" IS NULL OR "sites"."maintenance_end" > "sites"."maintenance_start")
);
--> statement-breakpoint
CREATE TABLE "slides" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"title" text NOT NULL,
	"image_url" text NOT NULL,
	"link" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"link" text NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tac_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"account_id" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "tac_codes_purpose_valid" CHECK ("tac_codes"."purpose" IN ('login','register','reset')),
	CONSTRAINT "tac_codes_account_lower" CHECK ("tac_codes"."account_id" = lower("tac_codes"."account_id"))
);
--> statement-breakpoint
CREATE TABLE "tac_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"account_id" text NOT NULL,
	"phone" text NOT NULL,
	"purpose" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "vip_levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"level" integer NOT NULL,
	"name" text NOT NULL,
	"deposit_target" numeric(20, 4) NOT NULL,
	"turnover_target" numeric(20, 4) NOT NULL,
	"benefits" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"player_id" integer PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"balance" numeric(20, 4) DEFAULT '0' NOT NULL,
	"tokens" numeric(20, 4) DEFAULT '0' NOT NULL,
	"frozen_tokens" numeric(20, 4) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallets_balance_nonnegative" CHECK ("wallets"."balance" >= 0),
	CONSTRAINT "wallets_tokens_nonnegative" CHECK ("wallets"."tokens" >= 0),
	CONSTRAINT "wallets_frozen_tokens_nonnegative" CHECK ("wallets"."frozen_tokens" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ad_visits" ADD CONSTRAINT "ad_visits_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_scripts" ADD CONSTRAINT "analytics_scripts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cms_pages" ADD CONSTRAINT "cms_pages_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_items" ADD CONSTRAINT "inbox_items_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_items" ADD CONSTRAINT "inbox_items_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marquees" ADD CONSTRAINT "marquees_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_odds" ADD CONSTRAINT "match_odds_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_vip" ADD CONSTRAINT "player_vip_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seo_pages" ADD CONSTRAINT "seo_pages_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_domains" ADD CONSTRAINT "site_domains_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_providers" ADD CONSTRAINT "site_providers_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_providers" ADD CONSTRAINT "site_providers_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slides" ADD CONSTRAINT "slides_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD CONSTRAINT "social_accounts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tac_codes" ADD CONSTRAINT "tac_codes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tac_outbox" ADD CONSTRAINT "tac_outbox_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_levels" ADD CONSTRAINT "vip_levels_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_visits_site_visitor_key" ON "ad_visits" USING btree ("site_id","visitor_key");--> statement-breakpoint
CREATE UNIQUE INDEX "games_provider_code_key" ON "games" USING btree ("provider_id","game_code");--> statement-breakpoint
CREATE INDEX "games_categories_idx" ON "games" USING gin ("categories");--> statement-breakpoint
CREATE INDEX "inbox_items_player_idx" ON "inbox_items" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_idempotency_key" ON "ledger_entries" USING btree ("site_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_entries_player_idx" ON "ledger_entries" USING btree ("player_id","account","id");--> statement-breakpoint
CREATE INDEX "match_odds_match_idx" ON "match_odds" USING btree ("match_id");--> statement-breakpoint
CREATE INDEX "payments_site_kind_idx" ON "payments" USING btree ("site_id","kind","status","decided_at");--> statement-breakpoint
CREATE INDEX "payments_player_idx" ON "payments" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "players_site_account_key" ON "players" USING btree ("site_id","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "players_site_referral_code_key" ON "players" USING btree ("site_id","referral_code");--> statement-breakpoint
CREATE INDEX "players_referred_by_idx" ON "players" USING btree ("referred_by");--> statement-breakpoint
CREATE UNIQUE INDEX "providers_code_key" ON "providers" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "providers_slug_key" ON "providers" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "seo_pages_site_page_key" ON "seo_pages" USING btree ("site_id","page_name");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_player_idx" ON "sessions" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "site_domains_site_idx" ON "site_domains" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sites_external_id_key" ON "sites" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "tac_codes_lookup_idx" ON "tac_codes" USING btree ("site_id","account_id","purpose","created_at");--> statement-breakpoint
CREATE INDEX "tac_outbox_account_idx" ON "tac_outbox" USING btree ("site_id","account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vip_levels_site_level_key" ON "vip_levels" USING btree ("site_id","level");