// The SQL a team's admin runs, built once: `npm run team` prints it (to read, or to run in psql)
// or runs the very same statements with --apply. A password never appears in it: a researcher's
// role gets a SCRAM verifier computed here (what PostgreSQL itself stores), so neither the
// server's statement log nor a terminal's scrollback holds a password.
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import { pgModule } from './pgModule';
import { balanceKinds, type BalanceKind } from '@shared/balances';
import { OWNER_ROLE, RESEARCHER_GROUP, ROLE_NAME, TEAM_SCHEMA } from './names';

/** Roles, the schema and its grants; idempotent, so running it again changes nothing. */
export function initSql(): string {
  return `-- Run connected to the team's database, as a superuser or a role with CREATEROLE that may create schemas in it.
BEGIN;
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${OWNER_ROLE}') THEN
    CREATE ROLE ${OWNER_ROLE} NOLOGIN;  -- owns the team schema; nobody logs in as it
  END IF;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${RESEARCHER_GROUP}') THEN
    CREATE ROLE ${RESEARCHER_GROUP} NOLOGIN;  -- every researcher's role is a member
  END IF;
END
$$;
-- The admin acts as the owner to create and upgrade the schema (SET ROLE ${OWNER_ROLE}).
GRANT ${OWNER_ROLE} TO CURRENT_USER;
CREATE SCHEMA IF NOT EXISTS ${TEAM_SCHEMA} AUTHORIZATION ${OWNER_ROLE};
REVOKE ALL ON SCHEMA ${TEAM_SCHEMA} FROM PUBLIC;
GRANT USAGE ON SCHEMA ${TEAM_SCHEMA} TO ${RESEARCHER_GROUP};
COMMIT;`;
}

export interface NewResearcher {
  role: string;
  displayName: string;
  monthlyLimits?: Partial<Record<BalanceKind, number>>;
}

/** Why a researcher's role name or details cannot be used, or null. */
export function researcherProblem(r: NewResearcher): string | null {
  if (!ROLE_NAME.test(r.role)) return `"${r.role.slice(0, 80)}" cannot be a researcher's role: use lowercase letters, digits and _, starting with a letter (at most 63).`;
  if (r.role.startsWith('pg_') || r.role.startsWith('scout_')) return `"${r.role}" is reserved: choose another role name.`;
  if (r.displayName.trim().length === 0 || r.displayName.length > 120) return 'A researcher\'s name is 1 to 120 characters.';
  for (const [balance, limit] of Object.entries(r.monthlyLimits ?? {})) {
    if (!(balanceKinds as readonly string[]).includes(balance)) return `"${balance}" is not a balance (${balanceKinds.join(', ')}).`;
    if (!Number.isInteger(limit) || limit < 0) return `A monthly limit is a whole number of 0 or more (${balance}).`;
  }
  return null;
}

/**
 * The researcher's login role in the researchers' group, and their row in the team. With a
 * verifier, the role gets that password; without one, psql's \password sets it afterwards
 * (it prompts, and sends only a verifier).
 */
export function addResearcherSql(r: NewResearcher, verifier: string | null): string {
  const problem = researcherProblem(r);
  if (problem) throw new Error(problem);
  const password = verifier === null ? '' : ` PASSWORD ${pgModule().escapeLiteral(verifier)}`;
  const lines = [
    'BEGIN;',
    // A pool of a few connections per laptop, with room for a second laptop of the same researcher.
    `CREATE ROLE ${r.role} LOGIN CONNECTION LIMIT 12 IN ROLE ${RESEARCHER_GROUP}${password};`,
    `SET LOCAL ROLE ${OWNER_ROLE};`,
    `INSERT INTO ${TEAM_SCHEMA}.researchers (role_name, display_name, monthly_limits) VALUES (${pgModule().escapeLiteral(r.role)}, ${pgModule().escapeLiteral(r.displayName.trim())}, ${pgModule().escapeLiteral(JSON.stringify(r.monthlyLimits ?? {}))});`,
    'COMMIT;',
  ];
  if (verifier === null) lines.push(`-- Then set the password (psql asks for it twice and sends only a verifier):`, `\\password ${r.role}`);
  return lines.join('\n');
}

/** A researcher's monthly limits to change: a number sets the limit on that balance, null removes it. */
export type LimitChanges = Partial<Record<BalanceKind, number | null>>;

/** Why limit changes cannot be used, or null. */
export function limitChangesProblem(role: string, changes: LimitChanges): string | null {
  if (!ROLE_NAME.test(role)) return `"${role.slice(0, 80)}" cannot be a researcher's role: use lowercase letters, digits and _, starting with a letter (at most 63).`;
  const entries = Object.entries(changes);
  if (entries.length === 0) return 'Which limit? balance=number (or balance=none to remove it), e.g. credits=200.';
  for (const [balance, limit] of entries) {
    if (!(balanceKinds as readonly string[]).includes(balance)) return `"${balance}" is not a balance (${balanceKinds.join(', ')}).`;
    if (limit !== null && (!Number.isInteger(limit) || limit < 0 || limit > 1_000_000_000)) return `A monthly limit is a whole number from 0 to 1,000,000,000 (${balance}).`;
  }
  return null;
}

/**
 * Sets (or removes) a researcher's monthly limits, keeping the others; run by the admin, as the
 * schema's owner (researchers cannot change the researchers table). The UPDATE returns the row,
 * so an unknown role is said rather than silently changing nothing.
 */
export function setLimitSql(role: string, changes: LimitChanges): string {
  const problem = limitChangesProblem(role, changes);
  if (problem) throw new Error(problem);
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== null));
  const removed = Object.entries(changes).filter(([, v]) => v === null).map(([k]) => k);
  const removal = removed.length > 0 ? ` - ARRAY[${removed.map((k) => pgModule().escapeLiteral(k)).join(', ')}]` : '';
  return [
    'BEGIN;',
    `SET LOCAL ROLE ${OWNER_ROLE};`,
    `UPDATE ${TEAM_SCHEMA}.researchers SET monthly_limits = (monthly_limits || ${pgModule().escapeLiteral(JSON.stringify(set))}::jsonb)${removal}`,
    `  WHERE role_name = ${pgModule().escapeLiteral(role)} RETURNING display_name, monthly_limits;`,
    'COMMIT;',
  ].join('\n');
}

/** Why a record cannot be set aside with this reason, or null. */
export function setAsideProblem(seq: string, reason: string): string | null {
  if (!/^[1-9]\d{0,15}$/.test(seq)) return `"${seq.slice(0, 40)}" is not a record's number: give the number (seq) the team database shows for it.`;
  if (reason.trim().length === 0 || reason.length > 500) return 'Say why in 1 to 500 characters: --reason "forged: nobody bought this".';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(reason)) return 'A reason is one line of text, without control characters.';
  return null;
}

/**
 * Sets a record aside: teammates' Scouts no longer take it as a copy in place of buying (the
 * record itself stays: records are immutable). Run as the schema's owner; the record is named
 * back (an unknown number is said by the foreign key).
 */
export function setAsideSql(seq: string, reason: string): string {
  const problem = setAsideProblem(seq, reason);
  if (problem) throw new Error(problem);
  return [
    'BEGIN;',
    `SET LOCAL ROLE ${OWNER_ROLE};`,
    `INSERT INTO ${TEAM_SCHEMA}.records_set_aside (seq, reason) VALUES (${seq}, ${pgModule().escapeLiteral(reason.trim())})`,
    `  ON CONFLICT (seq) DO UPDATE SET reason = EXCLUDED.reason`,
    `  RETURNING seq::text AS seq, (SELECT kind || ' ' || item_key || ' by ' || researcher FROM ${TEAM_SCHEMA}.records r WHERE r.seq = records_set_aside.seq) AS what;`,
    'COMMIT;',
  ].join('\n');
}

/** A password to hand to a researcher once: 32 characters, 192 bits. */
export function generatePassword(): string {
  return randomBytes(24).toString('base64url');
}

/** Why a password cannot be used, or null. Printable ASCII only, so no client normalises it differently. */
export function passwordProblem(password: string): string | null {
  if (password.length < 12) return 'A password is at least 12 characters.';
  if (password.length > 200) return 'A password is at most 200 characters.';
  if (!/^[\x21-\x7e]+$/.test(password)) return 'A password is printable ASCII without spaces.';
  return null;
}

/** PostgreSQL's SCRAM-SHA-256 verifier of a password (RFC 5802/7677), as pg_authid stores it. */
export function scramVerifier(password: string, salt = randomBytes(16), iterations = 4096): string {
  const salted = pbkdf2Sync(password, salt, iterations, 32, 'sha256');
  const clientKey = createHmac('sha256', salted).update('Client Key').digest();
  const storedKey = createHash('sha256').update(clientKey).digest();
  const serverKey = createHmac('sha256', salted).update('Server Key').digest();
  return `SCRAM-SHA-256$${iterations}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}
