CREATE TABLE "brand_owners" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_exclusions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"brand_owner_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"requested_by_player_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_exclusions_kind_valid" CHECK ("player_exclusions"."kind" IN ('timeout','exclusion')),
	CONSTRAINT "player_exclusions_period_valid" CHECK ("period" IN ('24h','1w','1m','6w','6m','1y','5y','permanent')),
	CONSTRAINT "player_exclusions_term" CHECK ("player_exclusions"."ends_at" IS NULL OR "player_exclusions"."ends_at" > "player_exclusions"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "player_limits" (
	"site_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"amount" numeric(20, 4),
	"pending" text,
	"pending_amount" numeric(20, 4),
	"pending_from" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_limits_player_id_kind_period_pk" PRIMARY KEY("player_id","kind","period"),
	CONSTRAINT "player_limits_kind_valid" CHECK ("kind" IN ('deposit','loss','wager')),
	CONSTRAINT "player_limits_period_valid" CHECK ("period" IN ('day','week','month')),
	CONSTRAINT "player_limits_amount_positive" CHECK ("player_limits"."amount" IS NULL OR "player_limits"."amount" > 0),
	CONSTRAINT "player_limits_pending_valid" CHECK (("player_limits"."pending" IS NULL AND "player_limits"."pending_amount" IS NULL AND "player_limits"."pending_from" IS NULL)
        OR ("player_limits"."pending" = 'raise' AND "player_limits"."pending_amount" > 0 AND "player_limits"."pending_from" IS NOT NULL)
        OR ("player_limits"."pending" = 'remove' AND "player_limits"."pending_amount" IS NULL AND "player_limits"."pending_from" IS NOT NULL)),
	CONSTRAINT "player_limits_something" CHECK ("player_limits"."amount" IS NOT NULL OR "player_limits"."pending" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "brand_owner_id" integer;--> statement-breakpoint
-- Sites of a database made before brand owners belong to one owner (the demo's, on a demo database); an operator renames it.
INSERT INTO "brand_owners" ("name") SELECT 'Default operator' WHERE EXISTS (SELECT 1 FROM "sites");--> statement-breakpoint
UPDATE "sites" SET "brand_owner_id" = (SELECT min("id") FROM "brand_owners");--> statement-breakpoint
ALTER TABLE "sites" ALTER COLUMN "brand_owner_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "player_exclusions" ADD CONSTRAINT "player_exclusions_brand_owner_id_brand_owners_id_fk" FOREIGN KEY ("brand_owner_id") REFERENCES "public"."brand_owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_exclusions" ADD CONSTRAINT "player_exclusions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_exclusions" ADD CONSTRAINT "player_exclusions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_limits" ADD CONSTRAINT "player_limits_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_limits" ADD CONSTRAINT "player_limits_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "brand_owners_name_key" ON "brand_owners" USING btree ("name");--> statement-breakpoint
CREATE INDEX "player_exclusions_player_idx" ON "player_exclusions" USING btree ("player_id","ends_at");--> statement-breakpoint
CREATE INDEX "player_exclusions_owner_phone_idx" ON "player_exclusions" USING btree ("brand_owner_id","phone");--> statement-breakpoint
CREATE INDEX "player_exclusions_owner_email_idx" ON "player_exclusions" USING btree ("brand_owner_id","email");--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_brand_owner_id_brand_owners_id_fk" FOREIGN KEY ("brand_owner_id") REFERENCES "public"."brand_owners"("id") ON DELETE no action ON UPDATE no action;