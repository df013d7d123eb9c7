// App-wide settings that belong to no workspace: which workspace is active. A file that cannot
// be read is moved aside (never deleted) and reported, and Scout starts on the defaults.
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { workspaceIds } from '@shared/workspaces';

const appSettingsSchema = z.object({
  version: z.literal(1),
  activeWorkspace: z.enum(workspaceIds),
});

export type AppSettings = z.infer<typeof appSettingsSchema>;

export const defaultAppSettings: AppSettings = { version: 1, activeWorkspace: 'demo' };

export interface LoadedSettings {
  settings: AppSettings;
  /** Set when the file was unreadable: where the old file was moved, and why. */
  problem?: { movedTo: string; reason: string };
}

export function loadAppSettings(file: string, now = Date.now()): LoadedSettings {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { settings: { ...defaultAppSettings } };
    throw error;
  }
  let reason: string;
  try {
    const parsed = appSettingsSchema.safeParse(JSON.parse(text));
    if (parsed.success) return { settings: parsed.data };
    reason = parsed.error.issues.map((i) => `${i.path.join('.') || 'file'}: ${i.message}`).join('; ');
  } catch (error) {
    reason = `not valid JSON (${(error as Error).message})`;
  }
  const movedTo = `${file}.unreadable-${new Date(now).toISOString().replace(/[:.]/g, '-')}`;
  fs.renameSync(file, movedTo);
  return { settings: { ...defaultAppSettings }, problem: { movedTo, reason } };
}

/** Writes through a temporary file and a rename, so a crash never leaves half a file. */
export function saveAppSettings(file: string, settings: AppSettings): void {
  const valid = appSettingsSchema.parse(settings);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(valid, null, 2) + '\n', { mode: 0o600 });
  fs.renameSync(tmp, file);
}
