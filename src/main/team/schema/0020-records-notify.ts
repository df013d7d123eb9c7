// Team schema version 20: a new record is announced, so a teammate's laptop pulls it at once
// instead of waiting for its next poll. One notification per INSERT statement that stored
// something (a push repeated after a lost answer stores nothing and announces nothing), carrying
// the highest sequence number it stored; NOTIFY is delivered at commit, so a laptop that hears it
// finds the record. Pulls read records by seq, the primary key: no other index is needed.
//
// Nothing is granted: LISTEN needs no privilege, pg_notify is PUBLIC's, and the trigger runs
// whatever role inserts, so a researcher's rights stay those of version 10.
import { RECORDS_CHANNEL, TEAM_SCHEMA as S } from '../names';
import type { TeamMigration } from './migrate';

const sql = `
CREATE FUNCTION ${S}.records_announce() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = pg_catalog
AS $$
DECLARE
  newest bigint;
BEGIN
  SELECT max(seq) INTO newest FROM stored;
  IF newest IS NOT NULL THEN
    PERFORM pg_notify('${RECORDS_CHANNEL}', newest::text);
  END IF;
  RETURN NULL;
END
$$;
REVOKE ALL ON FUNCTION ${S}.records_announce() FROM PUBLIC;
CREATE TRIGGER records_announce AFTER INSERT ON ${S}.records
  REFERENCING NEW TABLE AS stored
  FOR EACH STATEMENT EXECUTE FUNCTION ${S}.records_announce();
`;

export const migration0020: TeamMigration = { version: 20, name: 'records-notify', sql };
