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
CREATE TABLE "players" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"account_id" text NOT NULL,
	"password_hash" text NOT NULL,
	"full_name" text DEFAULT '' NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
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
ALTER TABLE "games" ADD CONSTRAINT "games_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_domains" ADD CONSTRAINT "site_domains_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_providers" ADD CONSTRAINT "site_providers_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_providers" ADD CONSTRAINT "site_providers_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "games_provider_code_key" ON "games" USING btree ("provider_id","game_code");--> statement-breakpoint
CREATE INDEX "games_categories_idx" ON "games" USING gin ("categories");--> statement-breakpoint
CREATE UNIQUE INDEX "players_site_account_key" ON "players" USING btree ("site_id","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "providers_code_key" ON "providers" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "providers_slug_key" ON "providers" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "site_domains_site_idx" ON "site_domains" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sites_external_id_key" ON "sites" USING btree ("external_id");