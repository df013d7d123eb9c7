// Shared test helpers: temporary folders, a raw HTTP server for misbehaving-API cases, and
// a guard that keeps keychain tests away from the developer's own keyring.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

export function tempDir(prefix = 'scout-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A server that answers every request with `handler`, for responses the simulator never gives. */
export async function rawServer(handler: http.RequestListener): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

/** A loopback port with nothing listening on it. */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

/**
 * Keychain tests write real entries: they must run inside scripts/with-keyring.sh (npm test and
 * npm run test:unit do), never against the developer's own keyring.
 */
export function requirePrivateKeyring(): void {
  if (!process.env.SCOUT_PRIVATE_KEYRING) {
    throw new Error('This test uses a real keychain: run it through `npm run test:unit` (a private gnome-keyring), not bare vitest.');
  }
}

/**
 * Credentials from a plain object, for service tests about credits and caching rather than the
 * keychain (which has its own tests against a real Secret Service).
 */
export class MemoryCredentials {
  private value: { accountId: string; apiToken: string; origin: string } | null = null;
  async get() {
    return this.value;
  }
  async set(_workspace: unknown, credentials: { accountId: string; apiToken: string; origin: string }) {
    this.value = credentials;
  }
  async delete() {
    this.value = null;
  }
  private readonly secrets = new Map<string, string>();
  async getSecret(name: string) {
    return this.secrets.get(name) ?? null;
  }
  async setSecret(name: string, value: string) {
    this.secrets.set(name, value);
  }
  async deleteSecret(name: string) {
    this.secrets.delete(name);
  }
}
