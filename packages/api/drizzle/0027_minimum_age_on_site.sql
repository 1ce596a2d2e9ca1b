-- The minimum age moves from site_compliance to the site row (ADR 0040): every page shows it, and
-- the site cache (kept fresh by the sites trigger) serves it with the rest of the site.
ALTER TABLE "sites" ADD COLUMN "minimum_age" integer DEFAULT 18 NOT NULL;--> statement-breakpoint
UPDATE "sites" SET "minimum_age" = c."minimum_age" FROM "site_compliance" c WHERE c."site_id" = "sites"."id";--> statement-breakpoint
ALTER TABLE "site_compliance" DROP CONSTRAINT "site_compliance_minimum_age";--> statement-breakpoint
ALTER TABLE "site_compliance" DROP COLUMN "minimum_age";--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_minimum_age" CHECK ("minimum_age" BETWEEN 18 AND 25);
