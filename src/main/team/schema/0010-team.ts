// The team schema's first version: researchers, claims, immutable paid records and the
// append-only team ledger, with the rules a researcher's role cannot get round enforced by the
// database itself (grants, row-level security, triggers), not by Scout's goodwill.
//
// Runs as the schema owner (the runner does SET LOCAL ROLE), inside the runner's transaction.
import { balanceKinds } from '@shared/balances';
import { LOCK_SPACE, LOCKS, RESEARCHER_GROUP, TEAM_SCHEMA as S } from '../names';
import type { TeamMigration } from './migrate';

/** Size caps, also checked by the client before it sends (the database has the last word). */
export const RECORD_LIMITS = {
  keyChars: 400,
  jsonBytes: 16 * 1024 * 1024,
  bytes: 64 * 1024 * 1024,
} as const;

/** The longest lease a claim may take: a holder that is gone blocks a purchase no longer than this. */
export const MAX_LEASE_MS = 15 * 60 * 1000;

const KIND = `'^[a-z][a-z0-9_]{0,39}$'`;
const balances = balanceKinds.map((b) => `'${b}'`).join(', ');

const sql = `
CREATE TABLE ${S}.schema_migrations (
  version integer PRIMARY KEY,
  name text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now(),
  applied_by text NOT NULL DEFAULT session_user
);

-- A researcher's monthly limit per balance: {"credits": 200}, whole numbers, known balances only.
CREATE FUNCTION ${S}.valid_limits(limits jsonb) RETURNS boolean
  LANGUAGE sql IMMUTABLE STRICT
  SET search_path = pg_catalog
AS $$
  SELECT jsonb_typeof(limits) = 'object'
     AND (limits - ARRAY[${balances}]) = '{}'::jsonb
     AND NOT EXISTS (
       SELECT 1 FROM jsonb_each(limits) AS e(k, v)
        WHERE jsonb_typeof(v) <> 'number'
           OR (v::text)::numeric < 0
           OR (v::text)::numeric > 1000000000
           OR (v::text)::numeric <> trunc((v::text)::numeric))
$$;

-- One row per researcher's login role; written by the admin only (add-researcher).
CREATE TABLE ${S}.researchers (
  role_name text PRIMARY KEY CHECK (role_name ~ '^[a-z][a-z0-9_]{0,62}$'),
  display_name text NOT NULL CHECK (char_length(display_name) BETWEEN 1 AND 120),
  monthly_limits jsonb NOT NULL DEFAULT '{}' CHECK (${S}.valid_limits(monthly_limits)),
  added_at timestamptz NOT NULL DEFAULT now()
);

-- Claims: one row per thing that costs (a network's account, a query's page …) and kind. The
-- database, not Scout, decides who buys: the first INSERT wins; a holder that is gone lets its
-- lease run out, and the one UPDATE that swaps the expired token takes it over.
CREATE TABLE ${S}.claims (
  kind text NOT NULL CHECK (kind ~ ${KIND}),
  item_key text NOT NULL CHECK (char_length(item_key) BETWEEN 1 AND ${RECORD_LIMITS.keyChars}),
  holder text NOT NULL REFERENCES ${S}.researchers (role_name),
  token uuid NOT NULL,
  claimed_at timestamptz NOT NULL,
  heartbeat_at timestamptz NOT NULL,
  lease_expires_at timestamptz NOT NULL,
  PRIMARY KEY (kind, item_key),
  CHECK (lease_expires_at > heartbeat_at AND lease_expires_at <= heartbeat_at + interval '${MAX_LEASE_MS} milliseconds')
);

-- Who holds a claim and when are the server's word: the holder is the connected role, the times
-- the server's clock (never a laptop's).
CREATE FUNCTION ${S}.claims_stamp() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = pg_catalog
AS $$
BEGIN
  NEW.holder := session_user;
  NEW.heartbeat_at := now();
  IF TG_OP = 'INSERT' OR NEW.token IS DISTINCT FROM OLD.token THEN
    NEW.claimed_at := now();
  ELSE
    NEW.claimed_at := OLD.claimed_at;
  END IF;
  IF TG_OP = 'UPDATE' AND (NEW.kind, NEW.item_key) IS DISTINCT FROM (OLD.kind, OLD.item_key) THEN
    RAISE EXCEPTION 'a claim cannot be moved to another item' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER claims_stamp BEFORE INSERT OR UPDATE ON ${S}.claims
  FOR EACH ROW EXECUTE FUNCTION ${S}.claims_stamp();

ALTER TABLE ${S}.claims ENABLE ROW LEVEL SECURITY;
CREATE POLICY claims_read ON ${S}.claims FOR SELECT TO ${RESEARCHER_GROUP} USING (true);
CREATE POLICY claims_take ON ${S}.claims FOR INSERT TO ${RESEARCHER_GROUP} WITH CHECK (holder = session_user);
-- Your own claim (a heartbeat), or anyone's whose lease ran out (a takeover).
CREATE POLICY claims_keep ON ${S}.claims FOR UPDATE TO ${RESEARCHER_GROUP}
  USING (holder = session_user OR lease_expires_at < now())
  WITH CHECK (holder = session_user);
CREATE POLICY claims_release ON ${S}.claims FOR DELETE TO ${RESEARCHER_GROUP} USING (holder = session_user);

-- Paid records: immutable and content-addressed (pushing the same answer twice is a no-op).
-- seq orders pulls: it is drawn under a transaction-long lock, so seq order is commit order
-- and a puller that has seen seq N has seen everything below it.
CREATE SEQUENCE ${S}.records_seq AS bigint;
CREATE TABLE ${S}.records (
  seq bigint PRIMARY KEY,
  kind text NOT NULL CHECK (kind ~ ${KIND}),
  item_key text NOT NULL CHECK (char_length(item_key) BETWEEN 1 AND ${RECORD_LIMITS.keyChars}),
  researcher text NOT NULL REFERENCES ${S}.researchers (role_name),
  fetched_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  body_json jsonb,
  body_bytes bytea,
  content_hash bytea NOT NULL,
  CHECK ((body_json IS NULL) <> (body_bytes IS NULL)),
  CHECK (body_bytes IS NULL OR octet_length(body_bytes) <= ${RECORD_LIMITS.bytes}),
  -- Bought before it was pushed (an outbox may hold it a while), never in the server's future.
  CHECK (fetched_at <= created_at + interval '5 minutes'),
  UNIQUE (kind, item_key, content_hash)
);
ALTER SEQUENCE ${S}.records_seq OWNED BY ${S}.records.seq;
CREATE INDEX records_item ON ${S}.records (kind, item_key, fetched_at DESC);

CREATE FUNCTION ${S}.records_stamp() RETURNS trigger
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path = pg_catalog
AS $$
BEGIN
  IF (NEW.body_json IS NULL) = (NEW.body_bytes IS NULL) THEN
    RAISE EXCEPTION 'a record holds either JSON or bytes' USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.body_json IS NOT NULL AND octet_length(NEW.body_json::text) > ${RECORD_LIMITS.jsonBytes} THEN
    RAISE EXCEPTION 'a record''s JSON is larger than ${RECORD_LIMITS.jsonBytes} bytes' USING ERRCODE = 'check_violation';
  END IF;
  PERFORM pg_advisory_xact_lock(${LOCK_SPACE}, ${LOCKS.recordsSequence});
  NEW.seq := nextval('${S}.records_seq');
  NEW.researcher := session_user;
  NEW.created_at := now();
  NEW.content_hash := sha256(coalesce(NEW.body_bytes, convert_to(NEW.body_json::text, 'UTF8')));
  RETURN NEW;
END
$$;
CREATE TRIGGER records_stamp BEFORE INSERT ON ${S}.records
  FOR EACH ROW EXECUTE FUNCTION ${S}.records_stamp();

-- History is not rewritten, by anyone connected as a researcher or the owner alike.
CREATE FUNCTION ${S}.refuse_change() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = pg_catalog
AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: its rows are never changed or deleted', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER records_immutable BEFORE UPDATE OR DELETE ON ${S}.records
  FOR EACH ROW EXECUTE FUNCTION ${S}.refuse_change();
CREATE TRIGGER records_no_truncate BEFORE TRUNCATE ON ${S}.records
  FOR EACH STATEMENT EXECUTE FUNCTION ${S}.refuse_change();

-- The team ledger: every spend of every researcher, append-only. An entry is opened before the
-- paid call is sent and settled after by appending a row of the same entry (never an UPDATE):
-- open → settled | failed | unknown, unknown → resolved. Only the researcher who opened an
-- entry may append to it; what it was for is fixed when it opens.
CREATE TABLE ${S}.ledger (
  seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  entry_id uuid NOT NULL,
  state text NOT NULL CHECK (state IN ('open', 'settled', 'failed', 'unknown', 'resolved')),
  researcher text NOT NULL REFERENCES ${S}.researchers (role_name),
  recorded_at timestamptz NOT NULL,
  operation text NOT NULL CHECK (operation ~ ${KIND}),
  network text CHECK (network ~ '^[a-z]{1,20}$'),
  account_key text CHECK (char_length(account_key) BETWEEN 1 AND ${RECORD_LIMITS.keyChars}),
  item text CHECK (char_length(item) BETWEEN 1 AND 200),
  balance text NOT NULL CHECK (balance IN (${balances})),
  expected_cost integer NOT NULL CHECK (expected_cost >= 0),
  cost integer CHECK (cost >= 0),
  balance_before integer CHECK (balance_before >= 0),
  balance_after integer CHECK (balance_after >= 0),
  note text CHECK (char_length(note) <= 2000),
  -- What a call cost is known only once it is settled.
  CHECK (state <> 'open' OR (cost IS NULL AND balance_after IS NULL)),
  UNIQUE (entry_id, state)
);
CREATE INDEX ledger_by_researcher ON ${S}.ledger (researcher, recorded_at);

CREATE FUNCTION ${S}.ledger_append() RETURNS trigger
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path = pg_catalog
AS $$
DECLARE
  opening ${S}.ledger;
  latest text;
BEGIN
  NEW.researcher := session_user;
  NEW.recorded_at := now();
  -- Rows of one entry are appended one at a time, so two settles cannot both pass the check.
  PERFORM pg_advisory_xact_lock(hashtextextended('${S}.ledger:' || NEW.entry_id::text, ${LOCK_SPACE}));
  SELECT * INTO opening FROM ${S}.ledger WHERE entry_id = NEW.entry_id AND state = 'open';
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
  RETURN NEW;
END
$$;
CREATE TRIGGER ledger_append BEFORE INSERT ON ${S}.ledger
  FOR EACH ROW EXECUTE FUNCTION ${S}.ledger_append();
CREATE TRIGGER ledger_immutable BEFORE UPDATE OR DELETE ON ${S}.ledger
  FOR EACH ROW EXECUTE FUNCTION ${S}.refuse_change();
CREATE TRIGGER ledger_no_truncate BEFORE TRUNCATE ON ${S}.ledger
  FOR EACH STATEMENT EXECUTE FUNCTION ${S}.refuse_change();

-- Each entry as it stands now (its latest step), with when it was opened.
CREATE VIEW ${S}.ledger_entries AS
  SELECT DISTINCT ON (l.entry_id)
         l.entry_id, l.researcher, l.operation, l.network, l.account_key, l.item, l.balance,
         l.expected_cost, l.cost, l.balance_before, l.balance_after, l.state, l.note,
         first_value(l.recorded_at) OVER (PARTITION BY l.entry_id ORDER BY l.seq) AS opened_at,
         l.recorded_at AS updated_at
    FROM ${S}.ledger l
   ORDER BY l.entry_id, l.seq DESC;

-- What a researcher's role may do: read the team's data, take and keep claims, append records
-- and ledger rows (only the columns that are theirs to say), nothing else.
REVOKE ALL ON ALL TABLES IN SCHEMA ${S} FROM PUBLIC;
REVOKE ALL ON ALL SEQUENCES IN SCHEMA ${S} FROM PUBLIC;
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA ${S} FROM PUBLIC;
GRANT EXECUTE ON FUNCTION ${S}.valid_limits(jsonb) TO ${RESEARCHER_GROUP};
GRANT SELECT ON ${S}.schema_migrations, ${S}.researchers, ${S}.claims, ${S}.records, ${S}.ledger, ${S}.ledger_entries TO ${RESEARCHER_GROUP};
GRANT INSERT (kind, item_key, token, lease_expires_at) ON ${S}.claims TO ${RESEARCHER_GROUP};
GRANT UPDATE (token, lease_expires_at) ON ${S}.claims TO ${RESEARCHER_GROUP};
GRANT DELETE ON ${S}.claims TO ${RESEARCHER_GROUP};
GRANT INSERT (kind, item_key, fetched_at, body_json, body_bytes) ON ${S}.records TO ${RESEARCHER_GROUP};
GRANT INSERT (entry_id, state, operation, network, account_key, item, balance, expected_cost, cost, balance_before, balance_after, note) ON ${S}.ledger TO ${RESEARCHER_GROUP};
`;

export const migration0010: TeamMigration = { version: 10, name: 'team', sql };
