-- Site change notifications: every process keeps the sites it serves in memory (src/sites/site-cache.ts)
-- and LISTENs on wl_site_changed. A change of a site, its domains or its providers notifies that
-- site's id; a change of the shared catalogue (providers, games) or a TRUNCATE notifies '*' (all).
-- Notifications are sent on commit, and PostgreSQL folds identical ones within a transaction.

CREATE OR REPLACE FUNCTION wl_site_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_id text;
  new_id text;
BEGIN
  -- TG_ARGV[0] names the column holding the site id (id on sites, site_id elsewhere).
  IF TG_OP <> 'INSERT' THEN
    old_id := to_jsonb(OLD) ->> TG_ARGV[0];
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_id := to_jsonb(NEW) ->> TG_ARGV[0];
  END IF;
  IF old_id IS NOT NULL THEN
    PERFORM pg_notify('wl_site_changed', old_id);
  END IF;
  -- A row moved to another site (a domain handed over) invalidates both.
  IF new_id IS NOT NULL AND new_id IS DISTINCT FROM old_id THEN
    PERFORM pg_notify('wl_site_changed', new_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION wl_all_sites_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wl_site_changed', '*');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sites_notify_change AFTER INSERT OR UPDATE OR DELETE ON sites
  FOR EACH ROW EXECUTE FUNCTION wl_site_row_changed('id');
--> statement-breakpoint
CREATE TRIGGER sites_notify_truncate AFTER TRUNCATE ON sites
  FOR EACH STATEMENT EXECUTE FUNCTION wl_all_sites_changed();
--> statement-breakpoint
CREATE TRIGGER site_domains_notify_change AFTER INSERT OR UPDATE OR DELETE ON site_domains
  FOR EACH ROW EXECUTE FUNCTION wl_site_row_changed('site_id');
--> statement-breakpoint
CREATE TRIGGER site_domains_notify_truncate AFTER TRUNCATE ON site_domains
  FOR EACH STATEMENT EXECUTE FUNCTION wl_all_sites_changed();
--> statement-breakpoint
CREATE TRIGGER site_providers_notify_change AFTER INSERT OR UPDATE OR DELETE ON site_providers
  FOR EACH ROW EXECUTE FUNCTION wl_site_row_changed('site_id');
--> statement-breakpoint
CREATE TRIGGER site_providers_notify_truncate AFTER TRUNCATE ON site_providers
  FOR EACH STATEMENT EXECUTE FUNCTION wl_all_sites_changed();
--> statement-breakpoint
-- The catalogue is shared by every site: one notification per statement, not per row.
CREATE TRIGGER providers_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON providers
  FOR EACH STATEMENT EXECUTE FUNCTION wl_all_sites_changed();
--> statement-breakpoint
CREATE TRIGGER games_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON games
  FOR EACH STATEMENT EXECUTE FUNCTION wl_all_sites_changed();
