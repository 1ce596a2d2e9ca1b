CREATE TABLE "aml_flags" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"rule" text NOT NULL,
	"subject" text NOT NULL,
	"reason" text NOT NULL,
	"evidence" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aml_flags_rule_valid" CHECK ("rule" IN ('large_deposit','large_withdrawal','period_deposits','low_turnover','small_deposits','shared_bank_account','shared_device')),
	CONSTRAINT "aml_flags_status_valid" CHECK ("status" IN ('open','escalated','cleared')),
	CONSTRAINT "aml_flags_decided" CHECK (("aml_flags"."status" = 'open') = ("aml_flags"."decided_at" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "kyc_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"document_number" text,
	"reason" text DEFAULT '' NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyc_documents_kind_valid" CHECK ("kind" IN ('identity','selfie','address')),
	CONSTRAINT "kyc_documents_status_valid" CHECK ("status" IN ('pending','approved','rejected')),
	CONSTRAINT "kyc_documents_content_type_valid" CHECK ("kyc_documents"."content_type" IN ('image/png','image/jpeg','image/webp')),
	CONSTRAINT "kyc_documents_size_valid" CHECK ("kyc_documents"."size" > 0 AND "kyc_documents"."size" <= 2097152 AND octet_length("kyc_documents"."data") = "kyc_documents"."size"),
	CONSTRAINT "kyc_documents_number_format" CHECK ("kyc_documents"."document_number" IS NULL OR "kyc_documents"."document_number" ~ '^[A-Z0-9]{3,40}$'),
	CONSTRAINT "kyc_documents_identity_number" CHECK (NOT ("kyc_documents"."kind" = 'identity' AND "kyc_documents"."status" = 'approved') OR "kyc_documents"."document_number" IS NOT NULL),
	CONSTRAINT "kyc_documents_reviewed" CHECK (("kyc_documents"."status" = 'pending') = ("kyc_documents"."reviewed_at" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "site_compliance" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"minimum_age" integer DEFAULT 18 NOT NULL,
	"kyc_before_first_withdrawal" boolean DEFAULT false NOT NULL,
	"kyc_withdrawals_above" numeric(20, 4),
	"kyc_level" text DEFAULT 'identity' NOT NULL,
	"player_cancels_withdrawals" boolean DEFAULT true NOT NULL,
	"aml" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_compliance_minimum_age" CHECK ("minimum_age" BETWEEN 18 AND 25),
	CONSTRAINT "site_compliance_kyc_level" CHECK ("site_compliance"."kyc_level" IN ('identity','full')),
	CONSTRAINT "site_compliance_kyc_above" CHECK ("site_compliance"."kyc_withdrawals_above" IS NULL OR "site_compliance"."kyc_withdrawals_above" > 0)
);
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "birth_date" date;--> statement-breakpoint
ALTER TABLE "aml_flags" ADD CONSTRAINT "aml_flags_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aml_flags" ADD CONSTRAINT "aml_flags_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_compliance" ADD CONSTRAINT "site_compliance_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "aml_flags_subject_key" ON "aml_flags" USING btree ("player_id","rule","subject");--> statement-breakpoint
CREATE INDEX "aml_flags_queue_idx" ON "aml_flags" USING btree ("site_id","status","created_at");--> statement-breakpoint
CREATE INDEX "aml_flags_holding_idx" ON "aml_flags" USING btree ("player_id") WHERE "aml_flags"."status" IN ('open','escalated');--> statement-breakpoint
CREATE INDEX "kyc_documents_player_idx" ON "kyc_documents" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "kyc_documents_pending_idx" ON "kyc_documents" USING btree ("site_id","created_at") WHERE "kyc_documents"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "kyc_documents_number_idx" ON "kyc_documents" USING btree ("document_number") WHERE "kyc_documents"."document_number" IS NOT NULL;