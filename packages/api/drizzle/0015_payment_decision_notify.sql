-- The live balance (ADR 0031) follows wl_wallet_changed (drizzle/0002_session_wallet_notify.sql):
-- a payment's status change notifies it too, so a page showing the player's requests hears a
-- decision that moves no money (a rejected deposit) as it hears one that does. The payload is
-- the player id, as for the wallets; PostgreSQL folds it with the wallet's own notification when
-- both change in one transaction.
CREATE TRIGGER payments_notify_status AFTER UPDATE OF status ON payments
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION wl_player_row_changed('wl_wallet_changed', 'player_id');
