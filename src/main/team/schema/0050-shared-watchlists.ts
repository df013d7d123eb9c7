// Shared watchlists (issue 22): a Team workspace's watchlists are shared work (0040), and two
// things about them must be the team's, not a laptop's:
// - watchlist_runs: who ran a watchlist, when, and whether that run finished. A laptop whose
//   scheduled run is due claims it here first; a teammate's run finished within the schedule's
//   period means it is not due (one run a day for the team, not one per laptop), and one under way
//   (not finished, started lately) means not now. A run that never finishes (the API unreachable,
//   a crash) stops nobody for long. A run asked for by hand is written here too.
// - watchlist_renewals: the credits each watchlist's renewals spent, by any teammate. A renewal is
//   reserved here (under the watchlist's lock, against the month's total) before its credit is
//   spent, and settled after, so a monthly limit holds for the team as a whole. The laptop names
//   each reservation (a uuid) before it asks, so asking again after a lost answer never holds a
//   second one, and it can settle one it reserved before a crash.
// Who and when are the server's word; a researcher settles only their own reservation, once, and
// finishes only their own run, once.
import { RESEARCHER_GROUP, TEAM_SCHEMA as S } from '../names';
import type { TeamMigration } from './migrate';

const sql = `
CREATE TABLE ${S}.watchlist_runs (
  id bigserial PRIMARY KEY,
  doc_id uuid NOT NULL,
  -- The laptop (its shared-work origin) that ran it: its own retry is not a teammate's run.
  origin uuid NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  researcher text NOT NULL DEFAULT session_user REFERENCES ${S}.researchers (role_name)
);
CREATE INDEX watchlist_runs_latest ON ${S}.watchlist_runs (doc_id, started_at DESC);

CREATE TABLE ${S}.watchlist_renewals (
  id bigserial PRIMARY KEY,
  -- Named by the laptop before it asks: the same reservation asked for twice is held once.
  reservation uuid NOT NULL UNIQUE,
  doc_id uuid NOT NULL,
  network text NOT NULL CHECK (network IN ('instagram', 'youtube', 'tiktok', 'twitch', 'twitter', 'snapchat')),
  account_key text NOT NULL CHECK (char_length(account_key) BETWEEN 1 AND 100),
  -- Reserved: its fetch is out (it counts); spent: paid (credits as the ledger settled them);
  -- released: it spent nothing (it no longer counts).
  credits integer NOT NULL CHECK (credits BETWEEN 0 AND 1000),
  state text NOT NULL CHECK (state IN ('reserved', 'spent', 'released')),
  at timestamptz NOT NULL DEFAULT now(),
  researcher text NOT NULL DEFAULT session_user REFERENCES ${S}.researchers (role_name)
);
CREATE INDEX watchlist_renewals_month ON ${S}.watchlist_renewals (doc_id, at);

-- Nobody writes another's name or another time; a reservation is settled once and a run finished
-- once, by its researcher (row-level security below), and nothing else of either ever changes.
CREATE FUNCTION ${S}.watchlist_stamp() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = pg_catalog
AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.researcher := session_user;
    IF TG_TABLE_NAME = 'watchlist_runs' THEN
      NEW.started_at := now();
      NEW.finished_at := NULL;
    ELSE
      NEW.at := now();
    END IF;
  ELSIF TG_TABLE_NAME = 'watchlist_runs' THEN
    IF OLD.finished_at IS NOT NULL THEN
      RAISE EXCEPTION 'a watchlist run is finished once' USING ERRCODE = 'check_violation';
    END IF;
    NEW.finished_at := now();
  ELSIF OLD.state <> 'reserved' OR NEW.state = 'reserved' THEN
    RAISE EXCEPTION 'a renewal is settled once, from reserved' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER watchlist_runs_stamp BEFORE INSERT OR UPDATE ON ${S}.watchlist_runs
  FOR EACH ROW EXECUTE FUNCTION ${S}.watchlist_stamp();
CREATE TRIGGER watchlist_renewals_stamp BEFORE INSERT OR UPDATE ON ${S}.watchlist_renewals
  FOR EACH ROW EXECUTE FUNCTION ${S}.watchlist_stamp();
CREATE TRIGGER watchlist_runs_kept BEFORE DELETE ON ${S}.watchlist_runs
  FOR EACH ROW EXECUTE FUNCTION ${S}.refuse_change();
CREATE TRIGGER watchlist_renewals_kept BEFORE DELETE ON ${S}.watchlist_renewals
  FOR EACH ROW EXECUTE FUNCTION ${S}.refuse_change();
CREATE TRIGGER watchlist_runs_no_truncate BEFORE TRUNCATE ON ${S}.watchlist_runs
  FOR EACH STATEMENT EXECUTE FUNCTION ${S}.refuse_change();
CREATE TRIGGER watchlist_renewals_no_truncate BEFORE TRUNCATE ON ${S}.watchlist_renewals
  FOR EACH STATEMENT EXECUTE FUNCTION ${S}.refuse_change();

ALTER TABLE ${S}.watchlist_runs ENABLE ROW LEVEL SECURITY;
CREATE POLICY watchlist_runs_read ON ${S}.watchlist_runs FOR SELECT TO ${RESEARCHER_GROUP} USING (true);
CREATE POLICY watchlist_runs_start ON ${S}.watchlist_runs FOR INSERT TO ${RESEARCHER_GROUP} WITH CHECK (true);
CREATE POLICY watchlist_runs_finish ON ${S}.watchlist_runs FOR UPDATE TO ${RESEARCHER_GROUP}
  USING (researcher = session_user) WITH CHECK (researcher = session_user);
ALTER TABLE ${S}.watchlist_renewals ENABLE ROW LEVEL SECURITY;
CREATE POLICY watchlist_renewals_read ON ${S}.watchlist_renewals FOR SELECT TO ${RESEARCHER_GROUP} USING (true);
CREATE POLICY watchlist_renewals_reserve ON ${S}.watchlist_renewals FOR INSERT TO ${RESEARCHER_GROUP} WITH CHECK (state = 'reserved');
CREATE POLICY watchlist_renewals_settle ON ${S}.watchlist_renewals FOR UPDATE TO ${RESEARCHER_GROUP}
  USING (researcher = session_user) WITH CHECK (researcher = session_user);

REVOKE ALL ON ${S}.watchlist_runs, ${S}.watchlist_renewals FROM PUBLIC;
REVOKE ALL ON SEQUENCE ${S}.watchlist_runs_id_seq, ${S}.watchlist_renewals_id_seq FROM PUBLIC;
REVOKE ALL ON FUNCTION ${S}.watchlist_stamp() FROM PUBLIC;
GRANT SELECT ON ${S}.watchlist_runs, ${S}.watchlist_renewals TO ${RESEARCHER_GROUP};
GRANT INSERT (doc_id, origin) ON ${S}.watchlist_runs TO ${RESEARCHER_GROUP};
GRANT UPDATE (finished_at) ON ${S}.watchlist_runs TO ${RESEARCHER_GROUP};
GRANT INSERT (reservation, doc_id, network, account_key, credits, state) ON ${S}.watchlist_renewals TO ${RESEARCHER_GROUP};
GRANT UPDATE (credits, state) ON ${S}.watchlist_renewals TO ${RESEARCHER_GROUP};
GRANT USAGE ON SEQUENCE ${S}.watchlist_runs_id_seq, ${S}.watchlist_renewals_id_seq TO ${RESEARCHER_GROUP};
`;

export const migration0050: TeamMigration = { version: 50, name: 'shared-watchlists', sql };
