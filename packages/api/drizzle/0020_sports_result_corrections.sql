ALTER TABLE "sports_bets" DROP CONSTRAINT "sports_bets_amounts_valid";--> statement-breakpoint
DROP INDEX "sports_bet_legs_open_selection_idx";--> statement-breakpoint
ALTER TABLE "match_odds" ADD COLUMN "voided" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "result_corrections" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sports_bets" ADD COLUMN "unrecovered" numeric(20, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE INDEX "sports_bet_legs_selection_idx" ON "sports_bet_legs" USING btree ("selection_id");--> statement-breakpoint
ALTER TABLE "sports_bets" ADD CONSTRAINT "sports_bets_amounts_valid" CHECK ("sports_bets"."stake" > 0 AND "sports_bets"."payout" >= 0 AND "sports_bets"."unrecovered" >= 0);