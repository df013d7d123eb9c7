// API credentials live only in the OS keychain (Secret Service, macOS Keychain, Windows
// Credential Manager) through keytar: one entry per workspace under the service
// `scout-workbench`. There is deliberately no plaintext fallback.
//
// An entry holds the API origin together with the account id and token: the credentials are
// sent to that origin and nowhere else (the transport checks it right before each request).
import type * as KeytarModule from 'keytar';
import { z } from 'zod';
import { ScoutError } from '@shared/errors';
import { DEFAULT_PRODUCTION_BASE_URL, apiOrigin, type WorkspaceId } from '@shared/workspaces';

export const KEYCHAIN_SERVICE = 'scout-workbench';

/** `SCOUT_KEYCHAIN_SERVICE` gives parallel test runs separate entries, as SCOUT_DATA_DIR gives them folders. */
export function keychainService(env: NodeJS.ProcessEnv = process.env): string {
  return env.SCOUT_KEYCHAIN_SERVICE || KEYCHAIN_SERVICE;
}
const KEYCHAIN_TIMEOUT_MS = 15_000;

export interface Credentials {
  accountId: string;
  apiToken: string;
  /** The API origin (`https://host[:port]`) these credentials were entered for. */
  origin: string;
}

/**
 * Secrets other than API credentials, each its own keychain entry beside them: `team-db` is the
 * researcher's own team database password (the Team workspace's API credentials are its
 * workspace entry, `team`, like Production's).
 */
export type SecretName = 'team-db';

export interface CredentialStore {
  get(workspace: WorkspaceId): Promise<Credentials | null>;
  set(workspace: WorkspaceId, credentials: Credentials): Promise<void>;
  delete(workspace: WorkspaceId): Promise<void>;
  getSecret(name: SecretName): Promise<string | null>;
  setSecret(name: SecretName, value: string): Promise<void>;
  deleteSecret(name: SecretName): Promise<void>;
}

const origin = z.string().refine((value) => {
  try {
    return apiOrigin(value) === value;
  } catch {
    return false;
  }
});

// Entries written before credentials were bound carry no origin. They are read as bound to the
// default production API: that is the only address the token can have been issued for, and an
// address changed since (by the researcher or by anyone who could call setBaseUrl) then gets no
// credentials until they are entered again for it. Refusing the entry would log every researcher
// out for no gain.
const storedSchema = z.object({
  accountId: z.string().min(1),
  apiToken: z.string().min(1),
  origin: origin.optional(),
});

export const LEGACY_ORIGIN = apiOrigin(DEFAULT_PRODUCTION_BASE_URL);

type Keytar = typeof KeytarModule;

export type KeychainProblem = 'unreachable' | 'locked' | 'missing';

export interface KeychainHost {
  /** Browser mode can be started inside a keyring of its own; Electron relies on the desktop's. */
  host?: 'electron' | 'browser';
}

const unlockCommand =
  `dbus-run-session -- sh -c 'printf %s "KEYRING-PASSWORD" | gnome-keyring-daemon --unlock --components=secrets >/dev/null; npm run serve'`;

/** Sorts what keytar or libsecret said into the few cases a researcher can act on. */
export function classifyKeychainError(error: unknown): KeychainProblem {
  const message = error instanceof Error ? error.message : String(error);
  // Only a native library that cannot load means packages are missing; a missing bus or
  // daemon is a session problem that no package install fixes.
  if (/cannot open shared object|libsecret[^\n]*(not found|no such file)|Cannot find module 'keytar'|keytar\.node/i.test(message)) {
    return 'missing';
  }
  // A keyring daemon that is running but cannot open its login collection (locked, and no
  // display to ask for the password on) answers "Object does not exist at path …/collection/login".
  if (/did not answer within|locked|prompt|dismissed|cancel|collection\/login/i.test(message)) return 'locked';
  return 'unreachable';
}

/** The plain words for a keychain problem, with the one thing to do about it. */
export function keychainProblemMessage(problem: KeychainProblem, host: KeychainHost['host'] = 'electron'): string {
  switch (problem) {
    case 'missing':
      return (
        'Scout cannot load the system keychain library (libsecret). Install it ' +
        '(on Debian or Ubuntu: sudo apt install libsecret-1-0) and start Scout again. Scout will not keep the token in a file instead.'
      );
    case 'locked':
      return host === 'browser'
        ? `The system keychain is locked and Scout cannot ask for its password here. Unlock it from your desktop session, or start Scout with a keyring it can unlock: ${unlockCommand}.`
        : 'The system keychain is locked. Unlock it (sign in to your desktop session, or unlock the "login" keyring in Passwords and Keys), then open Settings again.';
    case 'unreachable':
      return host === 'browser'
        ? 'Scout cannot reach a system keychain: this terminal has no desktop session with a keyring running, so the API token cannot be saved. ' +
            `Run Scout from a desktop session, or start a keyring for it: ${unlockCommand} (see "A keychain without a desktop" in the README).`
        : 'Scout cannot reach a system keychain, so the API token cannot be saved. Sign in to a desktop session with a keyring (GNOME Keyring or KWallet) and start Scout again.';
  }
}

export class KeytarCredentialStore implements CredentialStore {
  private keytar: Promise<Keytar> | null = null;

  constructor(
    private readonly service = keychainService(),
    private readonly onSecret: (secret: string) => void = () => {},
    private readonly options: KeychainHost = {},
  ) {}

  async get(workspace: WorkspaceId): Promise<Credentials | null> {
    const raw = await this.call((k) => k.getPassword(this.service, workspace));
    if (raw === null) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = null;
    }
    const result = storedSchema.safeParse(parsed);
    if (!result.success) {
      throw new ScoutError({
        code: 'NO_CREDENTIALS',
        message: `The keychain entry for the ${workspace} workspace is not in Scout's format. Enter the account id and token again in Settings.`,
      });
    }
    this.onSecret(result.data.apiToken);
    const { accountId, apiToken } = result.data;
    return { accountId, apiToken, origin: result.data.origin ?? LEGACY_ORIGIN };
  }

  async set(workspace: WorkspaceId, credentials: Credentials): Promise<void> {
    this.onSecret(credentials.apiToken);
    const { accountId, apiToken } = credentials;
    const entry = { origin: apiOrigin(credentials.origin), accountId, apiToken };
    await this.call((k) => k.setPassword(this.service, workspace, JSON.stringify(entry)));
  }

  async delete(workspace: WorkspaceId): Promise<void> {
    await this.call((k) => k.deletePassword(this.service, workspace));
  }

  /** A secret read is registered for redaction before anyone can see it. */
  async getSecret(name: SecretName): Promise<string | null> {
    const value = await this.call((k) => k.getPassword(this.service, name));
    if (value !== null) this.onSecret(value);
    return value;
  }

  async setSecret(name: SecretName, value: string): Promise<void> {
    this.onSecret(value);
    await this.call((k) => k.setPassword(this.service, name, value));
  }

  async deleteSecret(name: SecretName): Promise<void> {
    await this.call((k) => k.deletePassword(this.service, name));
  }

  private load(): Promise<Keytar> {
    this.keytar ??= import('keytar').then((m) => ((m as { default?: Keytar }).default ?? m) as Keytar);
    return this.keytar;
  }

  private async call<T>(fn: (k: Keytar) => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const keytar = await this.load();
      // A locked keyring can wait for a password prompt forever; say so instead of hanging.
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`the keychain did not answer within ${KEYCHAIN_TIMEOUT_MS / 1000} s (is it locked?)`)),
          KEYCHAIN_TIMEOUT_MS,
        );
      });
      return await Promise.race([fn(keytar), timeout]);
    } catch (error) {
      if (error instanceof ScoutError) throw error;
      const raw = (error as Error).message;
      // The raw text ("Cannot autolaunch D-Bus without X11 $DISPLAY") is for the log and a
      // bug report; the researcher gets what it means and what to do.
      throw new ScoutError(
        { code: 'KEYCHAIN_UNAVAILABLE', message: keychainProblemMessage(classifyKeychainError(error), this.options.host), detail: raw },
        { cause: error },
      );
    } finally {
      clearTimeout(timer);
    }
  }
}
