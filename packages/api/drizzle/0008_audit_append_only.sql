-- The operator audit log is append-only (ADR 0023): the database itself refuses to change or erase
-- an entry, whatever the code above it does (a bug, an injected statement, a tidy-up script). Row
-- triggers refuse UPDATE and DELETE, a statement trigger TRUNCATE. Deleting a site or an operator
-- that an entry names is refused too (its foreign key would update the entry): history outlives
-- them. Only the table's owner can drop these triggers; run the server as a role that does not own
-- the schema where that matters (README, "Banking and operators").

CREATE OR REPLACE FUNCTION wl_operator_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'operator_audit is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER operator_audit_append_only_rows BEFORE UPDATE OR DELETE ON operator_audit
  FOR EACH ROW EXECUTE FUNCTION wl_operator_audit_append_only();
--> statement-breakpoint
CREATE TRIGGER operator_audit_append_only_truncate BEFORE TRUNCATE ON operator_audit
  FOR EACH STATEMENT EXECUTE FUNCTION wl_operator_audit_append_only();
