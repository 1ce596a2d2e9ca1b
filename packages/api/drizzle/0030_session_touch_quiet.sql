-- A session's last_seen_at is written once a minute per active session and process
-- (accounts/sessions.ts); each write notified wl_session_changed, and every notifying commit of the
-- cluster takes one lock in turn (docs/scaling.md, "What limits first"). Other processes do not
-- need the touch: one that finds a cached session idle-expired reads last_seen_at again before it
-- refuses. Every other change of a session still notifies.
DROP TRIGGER sessions_notify_change ON sessions;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_update AFTER UPDATE ON sessions
  FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'last_seen_at') IS DISTINCT FROM (to_jsonb(NEW) - 'last_seen_at'))
  EXECUTE FUNCTION wl_player_row_changed('wl_session_changed', 'player_id');
--> statement-breakpoint
CREATE TRIGGER sessions_notify_delete AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION wl_player_row_changed('wl_session_changed', 'player_id');
