// Team schema version 60: the team database is the arbiter, even against a teammate who runs
// plain SQL with a valid researcher login, or a laptop whose clock is wrong (issue 37). Each rule
// below answers an attack that version 50 let through:
// - Times that decide come from the server. A record's fetched_at and a spend's spent_at are the
//   laptop's word: one in the server's future is taken as now (refusing it split the team: the
//   fast laptop's records and spends never arrived, so a teammate paid again and a monthly limit
//   let more through), and a spend cannot be dated more than a week back.
// - The ledger's amounts are checked: a refund gives back one credit of a report the same
//   researcher paid for on that account, never more than was spent; a cost is at most 100,000.
// - The orders of records and shared changes are kept by row locks on a table no researcher can
//   read or lock, taken inside the owner's stamping functions, not by advisory locks any role can
//   take (a teammate holding one stopped every push until claims ran out, and a teammate paid
//   again). A ledger entry's steps queue on its opening row in the same way.
// - A claim has a ceiling: a hold (with the same researcher's re-claims within a minute of
//   giving it up) lasts at most MAX_HOLD_MS, however often it is renewed.
// - A watchlist renewal reserves what one renewal costs (one credit), and is settled at no more
//   than it reserved.
// - A record the admin sets aside (records_set_aside) is never taken as a teammate's copy.
// New CHECK constraints are NOT VALID: rows accepted before stay readable; new rows are checked.
import { RESEARCHER_GROUP, TEAM_SCHEMA as S } from '../names';
import type { TeamMigration } from './migrate';

/** The longest a researcher may hold one item's claim: the longest generation (10 min) with room. */
export const MAX_HOLD_MS = 20 * 60 * 1000;
/** How far back a spend may be dated by its laptop (an outbox held offline for longer is dated a week back). */
export const SPENT_AT_DAYS_BACK = 7;
/** What one watchlist renewal reserves: a report refresh costs one credit. */
export const RENEWAL_CREDITS = 1;
/** The largest cost one call may book. */
export const MAX_CALL_COST = 100_000;

const sql = `
-- One row per ordered stream; only the owner's SECURITY DEFINER functions lock them.
CREATE TABLE ${S}.order_locks (stream text PRIMARY KEY);
INSERT INTO ${S}.order_locks VALUES ('records'), ('shared');
REVOKE ALL ON ${S}.order_locks FROM PUBLIC;

CREATE OR REPLACE FUNCTION ${S}.records_stamp() RETURNS trigger
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path = pg_catalog
AS $$
BEGIN
  IF (NEW.body_json IS NULL) = (NEW.body_bytes IS NULL) THEN
    RAISE EXCEPTION 'a record holds either JSON or bytes' USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.body_json IS NOT NULL AND octet_length(NEW.body_json::text) > 16777216 THEN
    RAISE EXCEPTION 'a record''s JSON is larger than 16777216 bytes' USING ERRCODE = 'check_violation';
  END IF;
  PERFORM 1 FROM ${S}.order_locks WHERE stream = 'records' FOR UPDATE;
  NEW.seq := nextval('${S}.records_seq');
  NEW.researcher := session_user;
  NEW.created_at := now();
  -- A laptop whose clock runs fast says it bought this later than now: the server's now it is.
  NEW.fetched_at := least(NEW.fetched_at, NEW.created_at);
  NEW.content_hash := sha256(coalesce(NEW.body_bytes, convert_to(NEW.body_json::text, 'UTF8')));
  RETURN NEW;
END
$$;

CREATE OR REPLACE FUNCTION ${S}.shared_stamp() RETURNS trigger
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path = pg_catalog
AS $$
BEGIN
  IF NEW.value IS NOT NULL AND octet_length(NEW.value::text) > 327680 THEN
    RAISE EXCEPTION 'a shared change''s value is larger than 327680 bytes' USING ERRCODE = 'check_violation';
  END IF;
  PERFORM 1 FROM ${S}.order_locks WHERE stream = 'shared' FOR UPDATE;
  NEW.seq := nextval('${S}.shared_seq');
  NEW.author := session_user;
  NEW.changed_at := now();
  RETURN NEW;
END
$$;

ALTER TABLE ${S}.ledger ADD CONSTRAINT ledger_amounts_check
  CHECK (expected_cost <= ${MAX_CALL_COST} AND (cost IS NULL OR cost BETWEEN -1 AND ${MAX_CALL_COST})) NOT VALID;

CREATE OR REPLACE FUNCTION ${S}.ledger_append() RETURNS trigger
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path = pg_catalog
AS $$
DECLARE
  opening ${S}.ledger;
  latest text;
  left_to_refund bigint;
BEGIN
  NEW.researcher := session_user;
  NEW.recorded_at := now();
  IF NEW.state = 'open' THEN
    -- The laptop's word on when, bounded by the server's clock: never ahead of it, at most a week back.
    NEW.spent_at := greatest(least(coalesce(NEW.spent_at, NEW.recorded_at), NEW.recorded_at), NEW.recorded_at - interval '${SPENT_AT_DAYS_BACK} days');
  END IF;
  -- Rows of one entry are appended one at a time (its opening row locked), so two settles cannot
  -- both pass the checks below.
  SELECT * INTO opening FROM ${S}.ledger WHERE entry_id = NEW.entry_id AND state = 'open' FOR UPDATE;
  IF NOT FOUND THEN
    IF NEW.state <> 'open' THEN
      RAISE EXCEPTION 'a ledger entry starts open' USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
  END IF;
  IF opening.researcher <> session_user THEN
    RAISE EXCEPTION 'only % may settle their own ledger entry', opening.researcher USING ERRCODE = 'insufficient_privilege';
  END IF;
  -- The same step again (an outbox retrying a push whose answer was lost): ON CONFLICT decides.
  IF EXISTS (SELECT 1 FROM ${S}.ledger WHERE entry_id = NEW.entry_id AND state = NEW.state) THEN
    RETURN NEW;
  END IF;
  SELECT state INTO latest FROM ${S}.ledger WHERE entry_id = NEW.entry_id ORDER BY seq DESC LIMIT 1;
  IF NOT ((latest = 'open' AND NEW.state IN ('settled', 'failed', 'unknown'))
       OR (latest = 'unknown' AND NEW.state = 'resolved')) THEN
    RAISE EXCEPTION 'a ledger entry that is % cannot become %', latest, NEW.state USING ERRCODE = 'check_violation';
  END IF;
  NEW.operation := opening.operation;
  NEW.network := opening.network;
  NEW.account_key := opening.account_key;
  NEW.item := opening.item;
  NEW.expected_cost := opening.expected_cost;
  NEW.balance_before := opening.balance_before;
  IF NEW.cost < 0 THEN
    -- A refund: the API gave back one credit of a report this researcher paid for on this
    -- account and balance. What they spent on it, less what was given back already, must cover it.
    IF NOT (NEW.cost = -1 AND opening.expected_cost = 0 AND opening.operation = 'report' AND opening.account_key IS NOT NULL) THEN
      RAISE EXCEPTION 'a refund gives back one credit of a report' USING ERRCODE = 'check_violation';
    END IF;
    -- One researcher's refunds are checked one at a time (their row locked), so two sent at
    -- once cannot both find the same credit left; only what is known spent counts (an entry
    -- still open or unknown may yet fail).
    PERFORM 1 FROM ${S}.researchers WHERE role_name = session_user FOR UPDATE;
    SELECT coalesce(sum(CASE WHEN t.state IN ('settled', 'resolved') THEN t.cost ELSE 0 END), 0)
      INTO left_to_refund
      FROM ${S}.ledger o
      LEFT JOIN LATERAL (SELECT c.state, c.cost, c.balance FROM ${S}.ledger c
                          WHERE c.entry_id = o.entry_id AND c.state <> 'open' ORDER BY c.seq DESC LIMIT 1) t ON true
     WHERE o.state = 'open' AND o.researcher = session_user AND o.operation = 'report'
       AND o.network IS NOT DISTINCT FROM opening.network AND o.account_key = opening.account_key
       AND coalesce(t.balance, o.balance) = NEW.balance AND o.entry_id <> NEW.entry_id;
    IF left_to_refund < 1 THEN
      RAISE EXCEPTION 'nothing spent on that account is left to refund' USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  RETURN NEW;
END
$$;

-- Who gave up which claim and when: a hold goes on through a re-claim within a minute.
CREATE TABLE ${S}.claim_holds (
  kind text NOT NULL,
  item_key text NOT NULL,
  holder text NOT NULL,
  started_at timestamptz NOT NULL,
  released_at timestamptz NOT NULL,
  PRIMARY KEY (kind, item_key, holder)
);
REVOKE ALL ON ${S}.claim_holds FROM PUBLIC;

CREATE OR REPLACE FUNCTION ${S}.claims_stamp() RETURNS trigger
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path = pg_catalog
AS $$
DECLARE
  held_since timestamptz;
BEGIN
  IF TG_OP = 'UPDATE' AND (NEW.kind, NEW.item_key) IS DISTINCT FROM (OLD.kind, OLD.item_key) THEN
    RAISE EXCEPTION 'a claim cannot be moved to another item' USING ERRCODE = 'insufficient_privilege';
  END IF;
  NEW.holder := session_user;
  NEW.heartbeat_at := now();
  IF TG_OP = 'INSERT' THEN
    SELECT started_at INTO held_since FROM ${S}.claim_holds
     WHERE kind = NEW.kind AND item_key = NEW.item_key AND holder = session_user AND released_at > now() - interval '1 minute';
    NEW.claimed_at := coalesce(held_since, now());
  ELSIF NEW.token IS DISTINCT FROM OLD.token
        AND (OLD.holder <> session_user OR OLD.lease_expires_at < now() - interval '1 minute') THEN
    -- A takeover, or the holder's own claim taken up again a minute after it ran out: a new hold.
    NEW.claimed_at := now();
  ELSE
    NEW.claimed_at := OLD.claimed_at;
  END IF;
  NEW.lease_expires_at := least(NEW.lease_expires_at, NEW.claimed_at + interval '${MAX_HOLD_MS} milliseconds');
  IF NEW.lease_expires_at <= NEW.heartbeat_at THEN
    RAISE EXCEPTION 'this claim has been held for its longest (% minutes); a teammate may take it now', ${MAX_HOLD_MS / 60_000}
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;

CREATE FUNCTION ${S}.claims_released() RETURNS trigger
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path = pg_catalog
AS $$
BEGIN
  INSERT INTO ${S}.claim_holds (kind, item_key, holder, started_at, released_at)
  VALUES (OLD.kind, OLD.item_key, OLD.holder, OLD.claimed_at, now())
  ON CONFLICT (kind, item_key, holder) DO UPDATE SET started_at = EXCLUDED.started_at, released_at = EXCLUDED.released_at;
  RETURN OLD;
END
$$;
CREATE TRIGGER claims_released AFTER DELETE ON ${S}.claims
  FOR EACH ROW EXECUTE FUNCTION ${S}.claims_released();
REVOKE ALL ON FUNCTION ${S}.claims_released() FROM PUBLIC;

-- A claim is given up through this function only: the DELETE privilege on the table let any
-- researcher LOCK TABLE it (any mode), which stopped every teammate's purchase.
REVOKE DELETE ON ${S}.claims FROM ${RESEARCHER_GROUP};
CREATE FUNCTION ${S}.release_claim(claim_kind text, claim_key text, claim_token uuid) RETURNS boolean
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path = pg_catalog
AS $$
DECLARE
  gone integer;
BEGIN
  DELETE FROM ${S}.claims WHERE kind = claim_kind AND item_key = claim_key AND token = claim_token AND holder = session_user;
  GET DIAGNOSTICS gone = ROW_COUNT;
  RETURN gone > 0;
END
$$;
REVOKE ALL ON FUNCTION ${S}.release_claim(text, text, uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION ${S}.release_claim(text, text, uuid) TO ${RESEARCHER_GROUP};

-- Records the admin set aside (npm run team -- set-aside): never taken as a teammate's copy in
-- place of buying (a forged or broken record would otherwise stand for the item for a year).
-- Records themselves stay immutable; this says which are not to be used.
CREATE TABLE ${S}.records_set_aside (
  seq bigint PRIMARY KEY REFERENCES ${S}.records (seq),
  reason text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 500),
  set_by text NOT NULL DEFAULT session_user,
  set_at timestamptz NOT NULL DEFAULT now()
);
REVOKE ALL ON ${S}.records_set_aside FROM PUBLIC;
GRANT SELECT ON ${S}.records_set_aside TO ${RESEARCHER_GROUP};

-- A renewal reserves one refresh and is settled at no more than it reserved.
ALTER TABLE ${S}.watchlist_renewals ADD CONSTRAINT watchlist_renewals_reserve_check
  CHECK (state <> 'reserved' OR credits <= ${RENEWAL_CREDITS}) NOT VALID;
CREATE OR REPLACE FUNCTION ${S}.watchlist_stamp() RETURNS trigger
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
  ELSIF NEW.credits > OLD.credits THEN
    RAISE EXCEPTION 'a renewal is settled at no more than it reserved' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;
`;

export const migration0060: TeamMigration = { version: 60, name: 'arbiter', sql };
