-- Double-entry ledger (ADR 0024), step 3 of 4: what named a ledger entry names its transfer (same id), and the
-- old single-sided entries go (migration 0013 puts a statement view in their place).
ALTER TABLE "mission_claims" DROP CONSTRAINT "mission_claims_ledger_entry_id_ledger_entries_id_fk";
--> statement-breakpoint
ALTER TABLE "promotion_entries" DROP CONSTRAINT "promotion_entries_ledger_entry_id_ledger_entries_id_fk";
--> statement-breakpoint
ALTER TABLE "provider_transactions" DROP CONSTRAINT "provider_transactions_ledger_entry_id_ledger_entries_id_fk";
--> statement-breakpoint
ALTER TABLE "mission_claims" ADD CONSTRAINT "mission_claims_ledger_entry_id_ledger_transfers_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_entries" ADD CONSTRAINT "promotion_entries_ledger_entry_id_ledger_transfers_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_transactions" ADD CONSTRAINT "provider_transactions_ledger_entry_id_ledger_transfers_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
DROP TABLE "ledger_entries";
