import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { defaultAppSettings, loadAppSettings, saveAppSettings } from './appSettings';

let dir: string;
let file: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-settings-'));
  file = path.join(dir, 'settings.json');
});

describe('app settings', () => {
  it('starts on the demo workspace when there is no file', () => {
    expect(loadAppSettings(file)).toEqual({ settings: defaultAppSettings });
    expect(defaultAppSettings.activeWorkspace).toBe('demo');
  });

  it('round-trips through an atomic write', () => {
    saveAppSettings(file, { version: 1, activeWorkspace: 'production' });
    expect(loadAppSettings(file).settings.activeWorkspace).toBe('production');
    expect(fs.readdirSync(dir)).toEqual(['settings.json']);
  });

  it.each([
    ['broken JSON', '{"version": 1, "activeWorkspace": '],
    ['an unknown workspace', '{"version": 1, "activeWorkspace": "staging"}'],
    ['a wrong type', '[1, 2, 3]'],
  ])('moves a file with %s aside, keeps it, and starts on the defaults', (_what, content) => {
    fs.writeFileSync(file, content);
    const loaded = loadAppSettings(file, Date.UTC(2026, 0, 2));
    expect(loaded.settings).toEqual(defaultAppSettings);
    expect(loaded.problem?.movedTo).toMatch(/settings\.json\.unreadable-2026-01-02/);
    expect(fs.readFileSync(loaded.problem!.movedTo, 'utf8')).toBe(content);
    expect(fs.existsSync(file)).toBe(false);
  });
});
