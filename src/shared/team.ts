// The Team workspace's team database connection, as both sides see it: the settings a
// researcher enters (the password is never part of them: it goes to the keychain and never
// comes back) and the state of the connection, said in words.
import { z } from 'zod';

/**
 * A researcher's database role: plain lowercase, so it is the same whether quoted or not, and
 * never needs escaping in SQL or in messages (add-researcher creates only such names).
 */
export const TEAM_ROLE_NAME = /^[a-z][a-z0-9_]{0,62}$/;

/** The longest CA certificate (PEM) Scout keeps. */
export const MAX_TEAM_CA_CHARS = 64 * 1024;

/** Host names, IPv4 and bracket-free IPv6 addresses: letters, digits and . - : only. */
const HOST = /^[A-Za-z0-9.:-]+$/;

/** What Settings → Team database saves in the workspace (no password). */
export const teamSettingsShape = {
  host: z
    .string()
    .trim()
    .min(1, 'Enter the database server’s host name (for example db.agency.example).')
    .max(253, 'That host name is too long.')
    .regex(HOST, 'A host name has only letters, digits, dots, dashes (or the colons of an IPv6 address).'),
  port: z.number({ message: 'Enter the port (PostgreSQL’s usual one is 5432).' }).int('A port is a whole number.').min(1, 'A port is from 1 to 65535.').max(65535, 'A port is from 1 to 65535.'),
  database: z
    .string()
    .trim()
    .min(1, 'Enter the name of the team database.')
    .max(63, 'A PostgreSQL database name is at most 63 characters.')
    .regex(/^[^\s"'\\]+$/, 'A database name has no spaces or quotes.'),
  user: z
    .string()
    .trim()
    .min(1, 'Enter your database user name (your admin gave it to you).')
    .regex(TEAM_ROLE_NAME, 'A user name is lowercase letters, digits and _ and starts with a letter, as your admin created it.'),
  /** The CA the server's certificate chains to, when the system does not trust it; null: the system's. */
  ca: z
    .string()
    .trim()
    .max(MAX_TEAM_CA_CHARS, 'That certificate is too long for one CA certificate.')
    .refine((pem) => pem === '' || /-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----/.test(pem), 'Paste the CA certificate in PEM form (-----BEGIN CERTIFICATE----- …).')
    .transform((pem) => (pem === '' ? null : pem))
    .nullable()
    .optional(),
};

export const teamSettingsSchema = z.object(teamSettingsShape).strict();
export type TeamSettings = Omit<z.output<typeof teamSettingsSchema>, 'ca'> & { ca: string | null };

/** The researcher's database password: sent once to be kept in the keychain, never returned. */
export const teamPassword = z.string().min(1, 'Enter your database password.').max(1024, 'That password is too long.');

/**
 * Where the team database connection stands:
 * - `not-configured`: no settings, or no password saved;
 * - `connecting`: the first check is under way;
 * - `connected`: the schema is current and the role is one of the team's researchers;
 * - `unreachable`: the server cannot be asked now (Scout tries again by itself);
 * - `wrong-password`: the server refused the user name or password;
 * - `not-set-up`: no such database, or no team schema (or an older one) in it: the admin's command is said;
 * - `schema-newer`: the team schema is from a newer Scout: update Scout;
 * - `not-a-researcher`: the role signs in but is not on the team;
 * - `refused`: anything else the server or the network said no to (a certificate, a keychain).
 */
export const teamStates = ['not-configured', 'connecting', 'connected', 'unreachable', 'wrong-password', 'not-set-up', 'schema-newer', 'not-a-researcher', 'refused'] as const;
export type TeamState = (typeof teamStates)[number];

export interface TeamStatus {
  state: TeamState;
  /** What it means and what to do, in one or two sentences (never a password). */
  message: string;
  /** `connected`: the researcher's name as teammates see it. */
  researcherName: string | null;
  /** `connected`: the team schema's version. */
  schemaVersion: number | null;
  /** When the connection was last checked (epoch ms); null before the first check. */
  checkedAt: number | null;
  /** `unreachable`: when Scout tries again by itself (epoch ms). */
  retryAt: number | null;
}

export interface TeamView {
  workspace: 'team';
  /** Null until the researcher saves them. */
  settings: TeamSettings | null;
  /** Whether a password is saved in the keychain (the password itself never leaves main). */
  passwordSaved: boolean;
  status: TeamStatus;
}
