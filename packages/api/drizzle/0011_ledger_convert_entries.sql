-- Double-entry ledger (ADR 0024), step 2 of 4: accounts for every player and site (and, from now on,
-- opened by triggers when a player or a site is created), then every existing ledger entry
-- converted to a transfer against its counter-account, with the same id (the rows that name an
-- entry keep naming it), without changing any balance: the last statement checks that and refuses
-- the whole migration otherwise.

CREATE OR REPLACE FUNCTION wl_open_player_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO wallets (player_id, site_id) VALUES (NEW.id, NEW.site_id) ON CONFLICT DO NOTHING;
  INSERT INTO ledger_accounts (site_id, player_id, code, unit)
    VALUES (NEW.site_id, NEW.id, 'balance', 'money'), (NEW.site_id, NEW.id, 'tokens', 'tokens'), (NEW.site_id, NEW.id, 'frozen_tokens', 'tokens')
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER players_open_accounts AFTER INSERT ON players FOR EACH ROW EXECUTE FUNCTION wl_open_player_accounts();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION wl_open_site_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_accounts (site_id, code, unit)
    VALUES (NEW.id, 'deposits', 'money'), (NEW.id, 'withdrawals', 'money'), (NEW.id, 'adjustments', 'money'),
      (NEW.id, 'bonuses', 'money'), (NEW.id, 'sportsbook', 'money'), (NEW.id, 'rewards', 'tokens')
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sites_open_accounts AFTER INSERT ON sites FOR EACH ROW EXECUTE FUNCTION wl_open_site_accounts();
--> statement-breakpoint
INSERT INTO ledger_accounts (site_id, code, unit)
  SELECT s.id, c.code, c.unit FROM sites s
  CROSS JOIN (VALUES ('deposits', 'money'), ('withdrawals', 'money'), ('adjustments', 'money'), ('bonuses', 'money'), ('sportsbook', 'money'), ('rewards', 'tokens')) AS c(code, unit)
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO wallets (player_id, site_id) SELECT id, site_id FROM players ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO ledger_accounts (site_id, player_id, code, unit)
  SELECT p.site_id, p.id, c.code, c.unit FROM players p
  CROSS JOIN (VALUES ('balance', 'money'), ('tokens', 'tokens'), ('frozen_tokens', 'tokens')) AS c(code, unit)
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Each entry's counter-account, by what caused it.
CREATE TEMPORARY TABLE wl_entry_counter AS
  SELECT e.id, CASE
      WHEN e.account IN ('tokens', 'frozen_tokens') THEN 'rewards'
      WHEN e.type = 'deposit' THEN 'deposits'
      WHEN e.type IN ('withdrawal', 'withdrawal_release') THEN 'withdrawals'
      WHEN e.type = 'adjustment' THEN 'adjustments'
      WHEN e.type IN ('bet', 'win', 'rollback') AND e.idempotency_key LIKE 'sports:%' THEN 'sportsbook'
      WHEN e.type IN ('bet', 'win', 'rollback') AND e.reference LIKE 'game:%:%' THEN 'game:' || split_part(e.reference, ':', 2)
      WHEN e.type IN ('bet', 'win', 'rollback') THEN 'game:unattributed'
      ELSE 'bonuses'
    END AS code
  FROM ledger_entries e;
--> statement-breakpoint
INSERT INTO ledger_accounts (site_id, code, unit)
  SELECT DISTINCT e.site_id, c.code, 'money' FROM ledger_entries e JOIN wl_entry_counter c ON c.id = e.id WHERE c.code LIKE 'game:%'
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A withdrawal's hold was two entries (balance -X, held +X): it becomes one pending transfer with the
-- balance entry's id and key. Its payout (held -X) posts it; its release (held -X, balance +X) voids it.
CREATE TEMPORARY TABLE wl_holds AS
  SELECT b.id AS balance_id, h.id AS held_id, h.player_id, h.reference, h.balance_after AS held_after
  FROM ledger_entries h
  JOIN LATERAL (
    SELECT b.id FROM ledger_entries b
    WHERE b.player_id = h.player_id AND b.site_id = h.site_id AND b.reference = h.reference AND b.account = 'balance'
      AND b.type = 'withdrawal' AND b.amount = -h.amount
    ORDER BY abs(b.id - h.id) LIMIT 1
  ) b ON true
  WHERE h.account = 'held' AND h.amount > 0;
--> statement-breakpoint
INSERT INTO ledger_transfers (id, site_id, kind, debit_account_id, credit_account_id, unit, amount, type, reference, idempotency_key, debit_after, credit_after, held_after, created_at)
  SELECT e.id, e.site_id,
    CASE WHEN hold.balance_id IS NULL THEN 'posted' ELSE 'pending' END,
    CASE WHEN e.amount < 0 THEN mine.id ELSE counter.id END,
    CASE WHEN e.amount < 0 THEN counter.id ELSE mine.id END,
    mine.unit, abs(e.amount), e.type, e.reference,
    -- A hold is settled by the key of its withdrawal request (the demo data's had their own).
    CASE WHEN hold.balance_id IS NOT NULL AND e.reference LIKE 'payment:%' THEN 'withdrawal:' || substr(e.reference, 9) || ':hold' ELSE e.idempotency_key END,
    CASE WHEN e.amount < 0 THEN e.balance_after END,
    CASE WHEN e.amount > 0 THEN e.balance_after END,
    hold.held_after, e.created_at
  FROM ledger_entries e
  JOIN wl_entry_counter c ON c.id = e.id
  JOIN ledger_accounts mine ON mine.player_id = e.player_id AND mine.code = e.account
  JOIN ledger_accounts counter ON counter.site_id = e.site_id AND counter.player_id IS NULL AND counter.code = c.code
  LEFT JOIN wl_holds hold ON hold.balance_id = e.id
  WHERE e.account <> 'held'
    AND NOT (e.account = 'balance' AND e.type = 'withdrawal_release' AND e.amount > 0 AND EXISTS (
      SELECT 1 FROM wl_holds h WHERE h.player_id = e.player_id AND h.reference = e.reference))
  ORDER BY e.id;
--> statement-breakpoint
INSERT INTO ledger_transfers (id, site_id, kind, debit_account_id, credit_account_id, unit, amount, pending_id, type, reference, idempotency_key, debit_after, held_after, created_at)
  SELECT e.id, e.site_id,
    CASE WHEN e.type = 'withdrawal_release' THEN 'void_pending' ELSE 'post_pending' END,
    p.debit_account_id, p.credit_account_id, p.unit, p.amount, p.id, e.type, e.reference, e.idempotency_key,
    CASE WHEN e.type = 'withdrawal_release' THEN (
      SELECT r.balance_after FROM ledger_entries r
      WHERE r.player_id = e.player_id AND r.reference = e.reference AND r.account = 'balance' AND r.type = 'withdrawal_release' AND r.amount > 0
      ORDER BY abs(r.id - e.id) LIMIT 1) END,
    e.balance_after, e.created_at
  FROM ledger_entries e
  JOIN wl_holds hold ON hold.player_id = e.player_id AND hold.reference = e.reference
  JOIN ledger_transfers p ON p.id = hold.balance_id
  WHERE e.account = 'held' AND e.amount < 0
  ORDER BY e.id;
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('ledger_transfers', 'id'), greatest((SELECT max(id) FROM ledger_entries), (SELECT max(id) FROM ledger_transfers), 1));
--> statement-breakpoint
DO $$
DECLARE
  mismatches integer;
BEGIN
  SELECT count(*) INTO mismatches FROM wallets w
  LEFT JOIN (
    SELECT player_id,
      coalesce(sum(amount) FILTER (WHERE account = 'balance'), 0) AS balance,
      coalesce(sum(amount) FILTER (WHERE account = 'tokens'), 0) AS tokens,
      coalesce(sum(amount) FILTER (WHERE account = 'frozen_tokens'), 0) AS frozen_tokens,
      coalesce(sum(amount) FILTER (WHERE account = 'held'), 0) AS held
    FROM ledger_entries GROUP BY player_id
  ) old ON old.player_id = w.player_id
  LEFT JOIN (
    SELECT a.player_id,
      coalesce(sum(CASE
        WHEN a.code <> 'balance' AND t.kind = 'posted' THEN CASE WHEN t.credit_account_id = a.id THEN t.amount ELSE -t.amount END
        WHEN a.code = 'balance' AND t.kind = 'posted' THEN CASE WHEN t.credit_account_id = a.id THEN t.amount ELSE -t.amount END
        WHEN a.code = 'balance' AND t.kind = 'pending' AND t.debit_account_id = a.id THEN -t.amount
        WHEN a.code = 'balance' AND t.kind = 'void_pending' AND t.debit_account_id = a.id THEN t.amount
        ELSE 0 END) FILTER (WHERE a.code = 'balance'), 0) AS balance,
      coalesce(sum(CASE WHEN t.credit_account_id = a.id THEN t.amount ELSE -t.amount END) FILTER (WHERE a.code = 'tokens' AND t.kind = 'posted'), 0) AS tokens,
      coalesce(sum(CASE WHEN t.credit_account_id = a.id THEN t.amount ELSE -t.amount END) FILTER (WHERE a.code = 'frozen_tokens' AND t.kind = 'posted'), 0) AS frozen_tokens,
      coalesce(sum(CASE t.kind WHEN 'pending' THEN t.amount WHEN 'post_pending' THEN -t.amount WHEN 'void_pending' THEN -t.amount ELSE 0 END)
        FILTER (WHERE a.code = 'balance' AND t.debit_account_id = a.id), 0) AS held
    FROM ledger_accounts a JOIN ledger_transfers t ON t.debit_account_id = a.id OR t.credit_account_id = a.id
    WHERE a.player_id IS NOT NULL
    GROUP BY a.player_id
  ) new ON new.player_id = w.player_id
  WHERE coalesce(old.balance, 0) <> coalesce(new.balance, 0) OR coalesce(old.tokens, 0) <> coalesce(new.tokens, 0)
    OR coalesce(old.frozen_tokens, 0) <> coalesce(new.frozen_tokens, 0) OR coalesce(old.held, 0) <> coalesce(new.held, 0)
    OR w.balance <> coalesce(new.balance, 0) OR w.held <> coalesce(new.held, 0)
    OR w.tokens <> coalesce(new.tokens, 0) OR w.frozen_tokens <> coalesce(new.frozen_tokens, 0);
  IF mismatches > 0 THEN
    RAISE EXCEPTION 'Ledger conversion would change % wallets: refused', mismatches;
  END IF;
END
$$;
--> statement-breakpoint
DROP TABLE wl_holds;
--> statement-breakpoint
DROP TABLE wl_entry_counter;
