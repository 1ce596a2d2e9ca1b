-- The live sports board (ADR 0036): every change of a match or of one of its prices notifies
-- wl_sports_changed with the match id, whoever made it (the feed, an operator, a settlement), and
-- each server process pushes the changed matches to the pages watching. PostgreSQL folds the
-- identical notifications of one transaction (a price set of seven rows) into one.
CREATE OR REPLACE FUNCTION wl_sports_match_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch is prepared only when it runs: NEW of matches has no match_id.
  IF TG_TABLE_NAME = 'matches' THEN
    PERFORM pg_notify('wl_sports_changed', NEW.id::text);
  ELSE
    PERFORM pg_notify('wl_sports_changed', NEW.match_id::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER matches_notify_change AFTER INSERT OR UPDATE ON matches
  FOR EACH ROW EXECUTE FUNCTION wl_sports_match_changed();--> statement-breakpoint
CREATE TRIGGER match_odds_notify_change AFTER INSERT OR UPDATE ON match_odds
  FOR EACH ROW EXECUTE FUNCTION wl_sports_match_changed();
