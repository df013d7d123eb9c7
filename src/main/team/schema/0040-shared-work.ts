// Shared work (issue 20): saved discovery queries with their runs, saved comparisons and their
// notes, the shortlist — every edit a researcher makes is one row here, appended and never
// rewritten: a field of a thing (doc_kind, doc_id, field), its new value (null: removed), and
// the version of the thing the editor saw (base_version). What a thing is now is read by folding
// its rows in seq order (src/main/team/sharedWork.ts), so nothing anyone typed is ever lost: an
// edit that a later one overtook stays in the field's history.
//
// seq is drawn under a transaction-long lock (like records), so seq order is commit order and a
// puller that has seen seq N has seen everything below it. Who changed it and when are the
// server's word. A new row is announced on the 'scout_shared' channel once committed.
import { LOCK_SPACE, LOCKS, RESEARCHER_GROUP, SHARED_CHANNEL, TEAM_SCHEMA as S } from '../names';
import type { TeamMigration } from './migrate';

/** Size caps, also checked by the client before it sends and after it reads. */
export const SHARED_LIMITS = {
  fieldChars: 200,
  // A saved discovery query's body is up to 256 KB of JSON (discovery's own cap, discoveryQueryChecks.ts).
  valueBytes: 320 * 1024,
} as const;

const sql = `
CREATE SEQUENCE ${S}.shared_seq AS bigint;
CREATE TABLE ${S}.shared_changes (
  seq bigint PRIMARY KEY,
  -- Chosen by the laptop when the edit is made: pushing it again (an answer lost) is a no-op.
  change_id uuid NOT NULL UNIQUE,
  -- The laptop (its local cache) that made the edit: a researcher's own later edit never counts
  -- as overtaking their earlier one.
  origin uuid NOT NULL,
  doc_kind text NOT NULL CHECK (doc_kind ~ '^[a-z][a-z0-9_]{0,39}$'),
  doc_id uuid NOT NULL,
  field text NOT NULL CHECK (char_length(field) BETWEEN 1 AND ${SHARED_LIMITS.fieldChars} AND field !~ '[[:cntrl:]]'),
  value jsonb,
  base_version bigint NOT NULL CHECK (base_version >= 0),
  author text NOT NULL REFERENCES ${S}.researchers (role_name),
  changed_at timestamptz NOT NULL,
  CHECK (value IS NULL OR octet_length(value::text) <= ${SHARED_LIMITS.valueBytes}),
  CHECK (base_version < seq)
);
ALTER SEQUENCE ${S}.shared_seq OWNED BY ${S}.shared_changes.seq;
CREATE INDEX shared_changes_doc ON ${S}.shared_changes (doc_kind, doc_id, seq);

CREATE FUNCTION ${S}.shared_stamp() RETURNS trigger
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path = pg_catalog
AS $$
BEGIN
  IF NEW.value IS NOT NULL AND octet_length(NEW.value::text) > ${SHARED_LIMITS.valueBytes} THEN
    RAISE EXCEPTION 'a shared change''s value is larger than ${SHARED_LIMITS.valueBytes} bytes' USING ERRCODE = 'check_violation';
  END IF;
  PERFORM pg_advisory_xact_lock(${LOCK_SPACE}, ${LOCKS.sharedSequence});
  NEW.seq := nextval('${S}.shared_seq');
  NEW.author := session_user;
  NEW.changed_at := now();
  RETURN NEW;
END
$$;
CREATE TRIGGER shared_stamp BEFORE INSERT ON ${S}.shared_changes
  FOR EACH ROW EXECUTE FUNCTION ${S}.shared_stamp();

-- Said once the row is committed (NOTIFY is delivered at commit), so a teammate's pull finds it.
CREATE FUNCTION ${S}.shared_announce() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = pg_catalog
AS $$
BEGIN
  PERFORM pg_notify('${SHARED_CHANNEL}', NEW.seq::text);
  RETURN NULL;
END
$$;
CREATE TRIGGER shared_announce AFTER INSERT ON ${S}.shared_changes
  FOR EACH ROW EXECUTE FUNCTION ${S}.shared_announce();

CREATE TRIGGER shared_immutable BEFORE UPDATE OR DELETE ON ${S}.shared_changes
  FOR EACH ROW EXECUTE FUNCTION ${S}.refuse_change();
CREATE TRIGGER shared_no_truncate BEFORE TRUNCATE ON ${S}.shared_changes
  FOR EACH STATEMENT EXECUTE FUNCTION ${S}.refuse_change();

REVOKE ALL ON ${S}.shared_changes FROM PUBLIC;
REVOKE ALL ON SEQUENCE ${S}.shared_seq FROM PUBLIC;
REVOKE ALL ON FUNCTION ${S}.shared_stamp(), ${S}.shared_announce() FROM PUBLIC;
GRANT SELECT ON ${S}.shared_changes TO ${RESEARCHER_GROUP};
GRANT INSERT (change_id, origin, doc_kind, doc_id, field, value, base_version) ON ${S}.shared_changes TO ${RESEARCHER_GROUP};
`;

export const migration0040: TeamMigration = { version: 40, name: 'shared-work', sql };
