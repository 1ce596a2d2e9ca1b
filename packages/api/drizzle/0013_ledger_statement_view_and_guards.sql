-- Double-entry ledger (ADR 0024), step 4 of 4: the players' statement lines as a view of the
-- transfers, and the rules the database itself holds the transfers to.

-- A player's statement: each transfer touching one of the player's accounts is a line of that
-- account (credits positive, debits negative, the balance after it). A hold on the balance shows
-- too as lines of the "held" account: +X when placed, -X when posted (paid out) or voided (returned).
CREATE VIEW ledger_entries AS
  SELECT t.id, t.site_id, a.player_id, a.code AS account,
    CASE WHEN t.kind = 'void_pending' THEN t.amount ELSE -t.amount END AS amount,
    t.debit_after AS balance_after, t.type, t.reference, t.idempotency_key, t.created_at
  FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.debit_account_id
  WHERE a.player_id IS NOT NULL AND t.kind <> 'post_pending'
  UNION ALL
  SELECT t.id, t.site_id, a.player_id, a.code, t.amount, t.credit_after, t.type, t.reference, t.idempotency_key, t.created_at
  FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.credit_account_id
  WHERE a.player_id IS NOT NULL AND t.kind IN ('posted', 'post_pending')
  UNION ALL
  SELECT t.id, t.site_id, a.player_id, 'held', CASE WHEN t.kind = 'pending' THEN t.amount ELSE -t.amount END,
    t.held_after, t.type, t.reference, t.idempotency_key, t.created_at
  FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.debit_account_id
  WHERE a.player_id IS NOT NULL AND a.code = 'balance' AND t.kind IN ('pending', 'post_pending', 'void_pending');
--> statement-breakpoint
-- Transfers are history: never changed, never erased (deleting their site is refused too).
CREATE OR REPLACE FUNCTION wl_ledger_transfers_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_transfers is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_append_only_rows BEFORE UPDATE OR DELETE ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION wl_ledger_transfers_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_append_only_truncate BEFORE TRUNCATE ON ledger_transfers
  FOR EACH STATEMENT EXECUTE FUNCTION wl_ledger_transfers_append_only();
--> statement-breakpoint
-- A transfer that posts or voids a pending one names a pending transfer and repeats its accounts,
-- unit and amount (the unique index on pending_id lets it do so once). A pending transfer may only
-- reserve a player's balance or a system account's money.
CREATE OR REPLACE FUNCTION wl_ledger_transfers_check_pending() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pending ledger_transfers%ROWTYPE;
  debit_code text;
  debit_player integer;
BEGIN
  IF NEW.kind = 'pending' THEN
    SELECT code, player_id INTO debit_code, debit_player FROM ledger_accounts WHERE id = NEW.debit_account_id;
    IF debit_player IS NOT NULL AND debit_code <> 'balance' THEN
      RAISE EXCEPTION 'A pending transfer reserves a balance account only (account %)', NEW.debit_account_id USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  IF NEW.pending_id IS NULL THEN
    RETURN NEW;
  END IF;
  SELECT * INTO pending FROM ledger_transfers WHERE id = NEW.pending_id;
  IF pending.kind IS DISTINCT FROM 'pending' OR pending.site_id <> NEW.site_id OR pending.debit_account_id <> NEW.debit_account_id
    OR pending.credit_account_id <> NEW.credit_account_id OR pending.unit <> NEW.unit OR pending.amount <> NEW.amount THEN
    RAISE EXCEPTION 'Transfer % does not settle pending transfer % as it stands', NEW.idempotency_key, NEW.pending_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_check_pending BEFORE INSERT ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION wl_ledger_transfers_check_pending();
--> statement-breakpoint
-- No player account goes below zero, not even for a moment inside a batch.
ALTER TABLE ledger_transfers ADD CONSTRAINT ledger_transfers_player_after_nonnegative
  CHECK (coalesce(debit_after, 0) >= 0 AND coalesce(credit_after, 0) >= 0 AND coalesce(held_after, 0) >= 0);
