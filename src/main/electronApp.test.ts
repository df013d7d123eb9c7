// The desktop host, run for real against a stand-in electron module (test/fakeElectron.ts): the
// same wiring the packaged app executes, with real services in a temporary data folder, so every
// window option, guard, protocol rule and permission rule is checked where Electron cannot run.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '@shared/securityPolicy';
import { createFakeElectron, type FakeElectron } from '../../test/fakeElectron';
import { tempDir } from '../../test/support';
import { createElectronApp, type Electron, type StartedElectronApp } from './electronApp';
import { APP_INDEX_URL } from './host/appProtocol';
import { PdfsRepository } from './domains/archive/pdfsRepository';
import { AlertsRepository } from './domains/tracking/alertsRepository';

interface Booted {
  fake: FakeElectron;
  started: StartedElectronApp;
  outDir: string;
}

const running: Booted[] = [];

afterEach(async () => {
  for (const booted of running.splice(0)) await booted.fake.quit();
});

/** A build folder like out/: a renderer with a page and an asset, and a secret beside it. */
function fakeBuild(): string {
  const outDir = tempDir('scout-electron-out-');
  fs.mkdirSync(path.join(outDir, 'renderer/assets'), { recursive: true });
  fs.writeFileSync(path.join(outDir, 'renderer/index.html'), '<!doctype html><title>Scout Workbench</title>');
  fs.writeFileSync(path.join(outDir, 'renderer/assets/index-abc.js'), 'console.log("scout")');
  fs.writeFileSync(path.join(outDir, 'renderer/assets/index-abc.css'), 'body{}');
  fs.writeFileSync(path.join(outDir, 'secret.txt'), 'not for the page');
  return outDir;
}

async function boot(options: { isPackaged?: boolean; env?: NodeJS.ProcessEnv } = {}): Promise<Booted> {
  const outDir = fakeBuild();
  const fake = createFakeElectron({
    userData: tempDir('scout-electron-data-'),
    // No .electron-native here: the Node build of better-sqlite3 is the one this process can load.
    appPath: tempDir('scout-electron-app-'),
    isPackaged: options.isPackaged ?? true,
  });
  const whenStarted = createElectronApp(fake.module as unknown as Electron, { outDir, env: options.env ?? {} });
  // What must happen before `ready` has happened by now.
  expect(fake.calls).toContain('app.enableSandbox');
  expect(fake.calls).toContain('protocol.registerSchemesAsPrivileged');
  fake.becomeReady();
  const started = await whenStarted;
  if (!started) throw new Error('the host did not start');
  const booted = { fake, started, outDir };
  running.push(booted);
  return booted;
}

function contents(fake: FakeElectron) {
  const window = fake.windows[0];
  if (!window) throw new Error('no window');
  return window.webContents;
}

async function get(fake: FakeElectron, url: string, method = 'GET'): Promise<Response> {
  const handler = fake.protocolHandlers.get('app');
  if (!handler) throw new Error('app: is not handled');
  return handler(new Request(url, { method }));
}

describe('Electron host: the window', () => {
  it('turns the sandbox on and opens one window with every checklist preference', async () => {
    const { fake, outDir } = await boot();
    expect(fake.calls.indexOf('app.enableSandbox')).toBeLessThan(fake.calls.indexOf('protocol.handle app'));
    expect(fake.windows).toHaveLength(1);
    const prefs = fake.windows[0]!.options.webPreferences;
    expect(prefs).toEqual({
      preload: path.join(outDir, 'preload/index.js'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
    });
    // Nothing that would loosen them.
    expect(prefs).not.toHaveProperty('enableBlinkFeatures');
    expect(prefs).not.toHaveProperty('partition');
    expect(fake.windows[0]!.loaded).toEqual([APP_INDEX_URL]);
  });

  it('loads the page from app://, never file:// and never ELECTRON_RENDERER_URL in a package', async () => {
    const { fake } = await boot({ isPackaged: true, env: { ELECTRON_RENDERER_URL: 'http://localhost:5173' } });
    expect(fake.windows[0]!.loaded).toEqual(['app://scout/index.html']);
    // And the dev server's pages are foreign there.
    expect(contents(fake).attempt('will-navigate', 'http://localhost:5173/')).toBe(true);
  });

  it('uses the dev server only unpackaged and only on loopback', async () => {
    const dev = await boot({ isPackaged: false, env: { ELECTRON_RENDERER_URL: 'http://localhost:5173' } });
    expect(dev.fake.windows[0]!.loaded).toEqual(['http://localhost:5173']);
    expect(contents(dev.fake).attempt('will-navigate', 'http://localhost:5173/#/settings')).toBe(false);

    const remote = await boot({ isPackaged: false, env: { ELECTRON_RENDERER_URL: 'https://evil.example/' } });
    expect(remote.fake.windows[0]!.loaded).toEqual([APP_INDEX_URL]);
    expect(contents(remote.fake).attempt('will-navigate', 'https://evil.example/')).toBe(true);
  });
});

describe('Electron host: app:// protocol', () => {
  it('is registered privileged (standard, secure) before ready, without CSP bypass', async () => {
    const { fake } = await boot();
    expect(fake.schemes).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true } },
    ]);
    expect(fake.calls.indexOf('protocol.registerSchemesAsPrivileged')).toBeLessThan(fake.calls.indexOf('protocol.handle app'));
  });

  it('serves the page and its assets with the CSP as a header', async () => {
    const { fake } = await boot();
    for (const url of [APP_INDEX_URL, 'app://scout/']) {
      const page = await get(fake, url);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
      expect(page.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await page.text()).toContain('<title>Scout Workbench</title>');
    }
    const script = await get(fake, 'app://scout/assets/index-abc.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toBe('console.log("scout")');
    expect((await get(fake, 'app://scout/assets/index-abc.css')).headers.get('content-type')).toBe('text/css; charset=utf-8');
    const head = await get(fake, APP_INDEX_URL, 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('refuses anything outside the renderer folder, unknown files and other hosts', async () => {
    const { fake } = await boot();
    const refused = [
      'app://scout/../secret.txt',
      'app://scout/%2e%2e/secret.txt',
      'app://scout/..%2fsecret.txt',
      'app://scout/assets/..%2F..%2Fsecret.txt',
      'app://scout/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      'app://scout/..%5csecret.txt',
      'app://scout/missing.js',
      'app://scout/assets',
      'app://scout/assets/',
      'app://other/index.html',
    ];
    for (const url of refused) {
      const answer = await get(fake, url);
      expect({ url, status: answer.status }).toEqual({ url, status: 404 });
      expect(await answer.text()).not.toContain('not for the page');
      expect(answer.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    }
    expect((await get(fake, 'app://scout/%E0%A4%A')).status).toBe(400);
    expect((await get(fake, 'app://scout/index.html%00.js')).status).toBe(400);
    expect((await get(fake, APP_INDEX_URL, 'POST')).status).toBe(405);
  });
});

describe('Electron host: navigation, windows and permissions', () => {
  it('refuses navigation, redirects and frame navigation away from the app, allows the app itself', async () => {
    const { fake } = await boot();
    const wc = contents(fake);
    for (const event of ['will-navigate', 'will-redirect', 'will-frame-navigate'] as const) {
      for (const foreign of ['https://evil.example/', 'file:///etc/passwd', 'app://other/index.html', 'app://scout/other.html', 'http://127.0.0.1:8787/']) {
        expect({ event, foreign, refused: wc.attempt(event, foreign) }).toEqual({ event, foreign, refused: true });
      }
      expect(wc.attempt(event, 'app://scout/index.html#/settings')).toBe(false);
      expect(wc.attempt(event, APP_INDEX_URL)).toBe(false);
    }
    expect(wc.attempt('will-attach-webview', APP_INDEX_URL)).toBe(true);
  });

  it('guards every webContents, not only the main window', async () => {
    const { fake } = await boot();
    const { FakeWebContents } = await import('../../test/fakeElectron');
    const other = new FakeWebContents();
    fake.app.emit('web-contents-created', {}, other);
    expect(other.attempt('will-navigate', 'https://evil.example/')).toBe(true);
    expect(other.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
  });

  it('denies window.open and hands only allow-listed links to the system browser', async () => {
    const { fake } = await boot();
    const open = contents(fake).windowOpenHandler!;
    expect(open({ url: 'https://www.instagram.com/natgeo/' })).toEqual({ action: 'deny' });
    expect(open({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    expect(open({ url: 'http://instagram.com/' })).toEqual({ action: 'deny' });
    expect(open({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(open({ url: APP_INDEX_URL })).toEqual({ action: 'deny' });
    expect(fake.opened).toEqual(['https://www.instagram.com/natgeo/']);
  });

  it('denies every permission request, check and device', async () => {
    const { fake } = await boot();
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fullscreen']) {
      const callback = vi.fn();
      fake.permissions.request!({}, permission, callback, {});
      expect(callback).toHaveBeenCalledExactlyOnceWith(false);
      expect(fake.permissions.check!({}, permission, 'app://scout', {})).toBe(false);
    }
    expect(fake.permissions.device!({ deviceType: 'usb' })).toBe(false);
  });

  it("lets only Scout's own pages write text to the clipboard (the Copy buttons); nobody reads it", async () => {
    const { fake } = await boot();
    const granted = (permission: string, requestingUrl: string) => {
      const callback = vi.fn();
      fake.permissions.request!({}, permission, callback, { requestingUrl });
      return callback.mock.calls[0]?.[0];
    };
    expect(granted('clipboard-sanitized-write', APP_INDEX_URL)).toBe(true);
    expect(fake.permissions.check!({}, 'clipboard-sanitized-write', 'app://scout', {})).toBe(true);
    expect(granted('clipboard-sanitized-write', 'https://www.instagram.com/natgeo/')).toBe(false);
    expect(fake.permissions.check!({}, 'clipboard-sanitized-write', 'https://evil.example', {})).toBe(false);
    expect(fake.permissions.check!({}, 'clipboard-sanitized-write', 'other://scout', {})).toBe(false);
    expect(fake.permissions.check!({}, 'clipboard-sanitized-write', 'app://elsewhere', {})).toBe(false);
    expect(granted('clipboard-read', APP_INDEX_URL)).toBe(false);
  });
});

describe('Electron host: IPC', () => {
  it("answers Scout's own top frame and refuses iframes, other files and other sites", async () => {
    const { fake } = await boot();
    const info = fake.ipcHandlers.get('app:info')!;
    const trusted = await info({ senderFrame: { url: 'app://scout/index.html#/settings', parent: null } }, undefined);
    expect(trusted).toMatchObject({ ok: true, value: { host: 'electron', version: '0.0.0-test' } });
    for (const senderFrame of [
      { url: APP_INDEX_URL, parent: {} },
      { url: 'file:///opt/scout/out/renderer/index.html', parent: null },
      { url: 'app://scout/other.html', parent: null },
      { url: 'https://evil.example/', parent: null },
      null,
    ]) {
      expect(await info({ senderFrame }, undefined)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } });
    }
  });

  it('binds every contract channel and pushes events to the window', async () => {
    const { fake, started } = await boot();
    const { channels, EVENT_CHANNEL } = await import('@shared/channels');
    expect([...fake.ipcHandlers.keys()].sort()).toEqual([...channels].sort());
    started.services.events.emit('app:changed', started.services.appInfo());
    expect(contents(fake).sent.at(-1)).toMatchObject({ channel: EVENT_CHANNEL, payload: { name: 'app:changed' } });
  });
});

describe('Electron host: saving files and printing to PDF', () => {
  const trusted = { senderFrame: { url: APP_INDEX_URL, parent: null } };
  const call = (fake: FakeElectron, channel: string, payload: unknown) => fake.ipcHandlers.get(channel)!(trusted, payload);

  it('writes an export from the cache where the researcher says, over the window, whole under that name; nothing when the dialog is closed', async () => {
    const { fake } = await boot();
    expect(await call(fake, 'creators:sync', {})).toMatchObject({ ok: true });
    const folder = tempDir('scout-electron-save-');
    const request = { runId: 'creators-csv', format: 'csv', subject: { kind: 'creators' } };

    fake.saveAnswers.push(null);
    expect(await call(fake, 'exports:save', request)).toEqual({ ok: true, value: { outcome: 'not-saved', fileName: 'Creators.csv', rows: 0, bytes: 0, savedTo: null, downloadUrl: null } });
    expect(fs.readdirSync(folder)).toEqual([]);

    const target = path.join(folder, 'creators.csv');
    fs.writeFileSync(target, 'an older sheet');
    fake.saveAnswers.push(target);
    const saved = await call(fake, 'exports:save', request);
    expect(saved).toMatchObject({ ok: true, value: { outcome: 'saved', fileName: 'Creators.csv', savedTo: target, downloadUrl: null } });
    const text = fs.readFileSync(target, 'utf8');
    expect(text.startsWith('\uFEFFCreator,Country,Favourite')).toBe(true);
    expect((saved as { value: { bytes: number } }).value.bytes).toBe(fs.statSync(target).size);
    // Written under a temporary name and renamed: nothing else is left in the folder.
    expect(fs.readdirSync(folder)).toEqual(['creators.csv']);
    expect(fake.saveDialogs).toHaveLength(2);
    expect(fake.saveDialogs[1]!.window).toBe(fake.windows[0]);
    expect(fake.saveDialogs[1]!.options).toMatchObject({ filters: [{ name: 'CSV file', extensions: ['csv'] }] });
    expect(path.basename(fake.saveDialogs[1]!.options.defaultPath!)).toBe('Creators.csv');
  });

  it('says when it cannot write where the researcher chose, and leaves nothing there', async () => {
    const { fake } = await boot();
    expect(await call(fake, 'creators:sync', {})).toMatchObject({ ok: true });
    const missing = path.join(tempDir('scout-electron-save-'), 'no-such-folder', 'sheet.xlsx');
    fake.saveAnswers.push(missing);
    expect(await call(fake, 'exports:save', { runId: 'creators-xlsx', format: 'xlsx', subject: { kind: 'creators' } })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/could not save Creators\.xlsx there \(ENOENT\)/) },
    });
    expect(fs.existsSync(path.dirname(missing))).toBe(false);
  });

  it('prints the window to an A4 landscape PDF with backgrounds, then saves it where the researcher says', async () => {
    const { fake } = await boot();
    const target = path.join(tempDir('scout-electron-pdf-'), 'comparison.pdf');
    fake.saveAnswers.push(target);
    expect(await call(fake, 'compare:printPdf', { suggestedName: 'comparison.pdf' })).toEqual({ ok: true, value: { openedByHost: true, savedTo: target } });
    expect(contents(fake).printed).toEqual([{ printBackground: true, pageSize: 'A4', landscape: true, preferCSSPageSize: true }]);
    const pdf = fs.readFileSync(target, 'latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf).toContain('"pageSize":"A4"');
    expect(fake.saveDialogs[0]).toMatchObject({ window: fake.windows[0], options: { filters: [{ extensions: ['pdf'] }] } });

    fake.saveAnswers.push(null);
    expect(await call(fake, 'compare:printPdf', { suggestedName: 'comparison.pdf' })).toEqual({ ok: true, value: { openedByHost: true, savedTo: null } });
  });
});

describe('Electron host: the PDF archive', () => {
  const trusted = { senderFrame: { url: APP_INDEX_URL, parent: null } };
  const call = (fake: FakeElectron, channel: string, payload: unknown) => fake.ipcHandlers.get(channel)!(trusted, payload);

  it('opens an archived PDF in the system viewer and shows it in its folder, by id only', async () => {
    const { fake, started } = await boot();
    const ws = started.services.active();
    const dir = path.join(fake.app.getPath('userData'), 'workspaces', ws.id, 'archive');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'twitch-nasa-2026-01-01-1.pdf');
    fs.writeFileSync(file, '%PDF-1.4\n1 0 obj << /Type /Page >> endobj\n');
    const repo = new PdfsRepository(ws.db);
    const id = repo.save({ network: 'twitch', accountKey: 'nasa', filePath: path.basename(file), pdfUrl: null, linkExpiresAt: null, fetchedAt: 1, bytes: 40 });

    expect(await call(fake, 'archive:open', { id })).toEqual({ ok: true, value: { openedByHost: true, url: null } });
    expect(fake.openedPaths).toEqual([file]);
    expect(await call(fake, 'archive:reveal', { id })).toEqual({ ok: true, value: { openedByHost: true, path: file } });
    expect(fake.revealed).toEqual([file]);

    // A file gone from the folder is said so before the system is asked; an unknown id too.
    fs.rmSync(file);
    expect(await call(fake, 'archive:open', { id })).toMatchObject({ ok: false, error: { code: 'ARCHIVE_FILE_MISSING' } });
    expect(await call(fake, 'archive:reveal', { id })).toMatchObject({ ok: false, error: { code: 'ARCHIVE_FILE_MISSING' } });
    expect(await call(fake, 'archive:open', { id: id + 1 })).toMatchObject({ ok: false, error: { code: 'ARCHIVE_NOT_FOUND' } });
    // Paths are never taken from the page.
    expect(await call(fake, 'archive:open', { id, path: file })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(await call(fake, 'archive:open', { id: '../x' })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(fake.openedPaths).toEqual([file]);
    expect(fake.revealed).toEqual([file]);
  });

  it('says so when the system cannot open the file', async () => {
    const { fake, started } = await boot();
    const ws = started.services.active();
    const dir = path.join(fake.app.getPath('userData'), 'workspaces', ws.id, 'archive');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'a.pdf'), '%PDF-1.4');
    const id = new PdfsRepository(ws.db).save({ network: 'twitch', accountKey: 'nasa', filePath: 'a.pdf', pdfUrl: null, linkExpiresAt: null, fetchedAt: 1, bytes: 8 });
    // The stand-in answers Electron's error text when the file is gone by the time it is opened.
    const realOpen = fake.module.shell.openPath;
    fake.module.shell.openPath = (file: string) => (fs.rmSync(file), realOpen(file));
    expect(await call(fake, 'archive:open', { id })).toMatchObject({ ok: false, error: { code: 'NOT_SUPPORTED', message: expect.stringMatching(/could not open the PDF: Failed to open path/) } });
  });
});

describe('Electron host: alerts', () => {
  it('says a new alert in a system notification, once per rise of the unread count, and a click brings the window forward', async () => {
    const { fake, started } = await boot();
    const ws = started.services.active();
    const repo = new AlertsRepository(ws.db);
    const raise = (accountKey: string, snapshot: number) => {
      repo.raise(
        [{ watchlistId: null, network: 'instagram', accountKey, kind: 'follower-drop', beforeSnapshotId: 1, afterSnapshotId: snapshot, beforeAt: 1, afterAt: 2, beforeValue: 100, afterValue: 80, threshold: 5, days: 7, detail: null }],
        Date.now(),
      );
      started.services.events.emit('alerts:changed', { workspace: ws.id, unread: repo.unreadCount() });
    };
    raise('falling.one', 10);
    expect(fake.notifications.map((n) => [n.options.title, n.options.body, n.shown])).toEqual([
      ['Followers dropped', 'falling.one (Instagram). Open Tracking in Scout to see the evidence.', true],
    ]);
    // The same count again (an alert read elsewhere, say) is not news.
    started.services.events.emit('alerts:changed', { workspace: ws.id, unread: 1 });
    expect(fake.notifications).toHaveLength(1);
    // Read, then two more at once: one notification says both.
    ws.alerts.markRead(null);
    repo.raise(
      ['a', 'b'].map((k, i) => ({ watchlistId: null, network: 'twitch' as const, accountKey: k, kind: 'unavailable' as const, beforeSnapshotId: null, afterSnapshotId: 20 + i, beforeAt: null, afterAt: null, beforeValue: null, afterValue: null, threshold: null, days: null, detail: 'gone' })),
      Date.now(),
    );
    started.services.events.emit('alerts:changed', { workspace: ws.id, unread: 2 });
    expect(fake.notifications.at(-1)!.options.title).toBe('Report unavailable (2 new alerts)');
    // Another workspace's alerts are not this window's to say.
    started.services.events.emit('alerts:changed', { workspace: ws.id === 'demo' ? 'production' : 'demo', unread: 5 });
    expect(fake.notifications).toHaveLength(2);
    const window = fake.windows[0]!;
    window.minimized = true;
    fake.notifications.at(-1)!.click();
    expect(window).toMatchObject({ minimized: false, focused: true });
  });
});

describe('Electron host: lifecycle', () => {
  it('quits at once when another instance holds the single-instance lock, having still sandboxed itself', async () => {
    const fake = createFakeElectron({ userData: tempDir(), appPath: tempDir(), singleInstance: false });
    const started = await createElectronApp(fake.module as unknown as Electron, { outDir: fakeBuild(), env: {} });
    expect(started).toBeNull();
    expect(fake.calls).toEqual(['app.enableSandbox', 'protocol.registerSchemesAsPrivileged', 'app.requestSingleInstanceLock', 'app.quit']);
  });

  it('closes its services before quitting', async () => {
    const { fake } = await boot();
    running.splice(0);
    await fake.quit();
    expect(fake.app.quitCalls).toBe(1);
  });
});

describe('Electron host: the entry point', () => {
  it('src/main/index.ts hands the electron module and the build folder to createElectronApp', async () => {
    const fake = createFakeElectron({ userData: tempDir(), appPath: tempDir() });
    vi.resetModules();
    vi.doMock('electron', () => fake.module);
    try {
      await import('./index');
    } finally {
      vi.doUnmock('electron');
    }
    // Not ready yet: only what must precede `ready` has run, in the real entry's own module graph.
    expect(fake.calls).toEqual(['app.enableSandbox', 'protocol.registerSchemesAsPrivileged', 'app.requestSingleInstanceLock']);
    expect(fake.schemes.map((s) => s.scheme)).toEqual(['app']);
    expect(fake.app.listenerCount('web-contents-created')).toBe(1);
  });
});
