// API credentials live only in the OS keychain (Secret Service, macOS Keychain, Windows
// Credential Manager) through keytar: one entry per workspace under the service
// `scout-workbench`. There is deliberately no plaintext fallback.
import type * as KeytarModule from 'keytar';
import { z } from 'zod';
import { ScoutError } from '@shared/errors';
import type { WorkspaceId } from '@shared/workspaces';

export const KEYCHAIN_SERVICE = 'scout-workbench';

/** `SCOUT_KEYCHAIN_SERVICE` gives parallel test runs separate entries, as SCOUT_DATA_DIR gives them folders. */
export function keychainService(env: NodeJS.ProcessEnv = process.env): string {
  return env.SCOUT_KEYCHAIN_SERVICE || KEYCHAIN_SERVICE;
}
const KEYCHAIN_TIMEOUT_MS = 15_000;

export interface Credentials {
  accountId: string;
  apiToken: string;
}

export interface CredentialStore {
  get(workspace: WorkspaceId): Promise<Credentials | null>;
  set(workspace: WorkspaceId, credentials: Credentials): Promise<void>;
  delete(workspace: WorkspaceId): Promise<void>;
}

const storedSchema = z.object({ accountId: z.string().min(1), apiToken: z.string().min(1) });

type Keytar = typeof KeytarModule;

export const keychainHelp =
  'Scout keeps API tokens only in the system keychain and will not store them in a file. ' +
  'On Debian or Ubuntu install and start a Secret Service (sudo apt install gnome-keyring libsecret-1-0, then sign in to a desktop session); ' +
  'on KDE enable KWallet.';

export class KeytarCredentialStore implements CredentialStore {
  private keytar: Promise<Keytar> | null = null;

  constructor(
    private readonly service = keychainService(),
    private readonly onSecret: (secret: string) => void = () => {},
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
    return result.data;
  }

  async set(workspace: WorkspaceId, credentials: Credentials): Promise<void> {
    this.onSecret(credentials.apiToken);
    await this.call((k) => k.setPassword(this.service, workspace, JSON.stringify(credentials)));
  }

  async delete(workspace: WorkspaceId): Promise<void> {
    await this.call((k) => k.deletePassword(this.service, workspace));
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
      throw new ScoutError(
        {
          code: 'KEYCHAIN_UNAVAILABLE',
          message: `The system keychain is not available (${(error as Error).message}). ${keychainHelp}`,
          detail: (error as Error).message,
        },
        { cause: error },
      );
    } finally {
      clearTimeout(timer);
    }
  }
}
