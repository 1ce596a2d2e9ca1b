DROP INDEX "provider_transactions_provider_tx_key";--> statement-breakpoint
ALTER TABLE "provider_transactions" ADD COLUMN "status" text DEFAULT 'applied' NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_transactions" ADD COLUMN "refusal_code" text;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_transactions_site_provider_tx_key" ON "provider_transactions" USING btree ("site_id","provider_id","provider_tx_id");--> statement-breakpoint
ALTER TABLE "provider_transactions" ADD CONSTRAINT "provider_transactions_status_valid" CHECK ("provider_transactions"."status" IN ('applied','refused'));--> statement-breakpoint
ALTER TABLE "provider_transactions" ADD CONSTRAINT "provider_transactions_refused_moves_nothing" CHECK ("provider_transactions"."status" = 'applied' OR ("provider_transactions"."ledger_entry_id" IS NULL AND "provider_transactions"."refusal_code" IS NOT NULL));