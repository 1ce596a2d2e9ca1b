-- Session and wallet change notifications: every process keeps the sessions and wallets read on
-- every request in memory (src/accounts/player-cache.ts) and LISTENs on wl_session_changed and
-- wl_wallet_changed; the payload is the player id. Sessions: any UPDATE or DELETE of a session
-- (revoked, expired, touched) and any UPDATE of its player but the login time (status, password,
-- profile; a deleted player deletes its sessions). Wallets: any INSERT or UPDATE. A TRUNCATE notifies '*' (everyone). Notifications are
-- sent on commit, and PostgreSQL folds identical ones within a transaction.

CREATE OR REPLACE FUNCTION wl_player_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_id text;
  new_id text;
BEGIN
  -- TG_ARGV[0] names the channel, TG_ARGV[1] the column holding the player id.
  IF TG_OP <> 'INSERT' THEN
    old_id := to_jsonb(OLD) ->> TG_ARGV[1];
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_id := to_jsonb(NEW) ->> TG_ARGV[1];
  END IF;
  IF old_id IS NOT NULL THEN
    PERFORM pg_notify(TG_ARGV[0], old_id);
  END IF;
  IF new_id IS NOT NULL AND new_id IS DISTINCT FROM old_id THEN
    PERFORM pg_notify(TG_ARGV[0], new_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION wl_all_players_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(TG_ARGV[0], '*');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_change AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION wl_player_row_changed('wl_session_changed', 'player_id');
--> statement-breakpoint
CREATE TRIGGER sessions_notify_truncate AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION wl_all_players_changed('wl_session_changed');
--> statement-breakpoint
CREATE TRIGGER players_notify_change AFTER UPDATE ON players
  FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'last_login_at') IS DISTINCT FROM (to_jsonb(NEW) - 'last_login_at'))
  EXECUTE FUNCTION wl_player_row_changed('wl_session_changed', 'id');
--> statement-breakpoint
CREATE TRIGGER players_notify_truncate AFTER TRUNCATE ON players
  FOR EACH STATEMENT EXECUTE FUNCTION wl_all_players_changed('wl_session_changed');
--> statement-breakpoint
CREATE TRIGGER wallets_notify_change AFTER INSERT OR UPDATE OR DELETE ON wallets
  FOR EACH ROW EXECUTE FUNCTION wl_player_row_changed('wl_wallet_changed', 'player_id');
--> statement-breakpoint
CREATE TRIGGER wallets_notify_truncate AFTER TRUNCATE ON wallets
  FOR EACH STATEMENT EXECUTE FUNCTION wl_all_players_changed('wl_wallet_changed');
