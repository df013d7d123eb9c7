import fs from 'node:fs';
// A stand-in for the `electron` module, for running the real desktop host (src/main/electronApp.ts)
// where the Electron runtime cannot be installed. It records what the host asks of Electron and
// lets a test play Electron's side: become ready, fire web-contents events, call an IPC handler,
// request a permission, load an app:// address. It keeps the rules of the real module that the
// host depends on: privileged schemes and the sandbox switch only before `ready`, sessions and
// protocol handlers only after it, and every new window's webContents announced through
// `web-contents-created`.
import { EventEmitter } from 'node:events';

export interface FakeEvent {
  url: string;
  defaultPrevented: boolean;
  preventDefault(): void;
}

function fakeEvent(url = ''): FakeEvent {
  return {
    url,
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true;
    },
  };
}

export class FakeWebContents extends EventEmitter {
  windowOpenHandler: ((details: { url: string }) => { action: 'allow' | 'deny' }) | null = null;
  readonly sent: Array<{ channel: string; payload: unknown }> = [];
  /** The options of every printToPDF call. */
  readonly printed: Array<Record<string, unknown>> = [];
  destroyed = false;

  /** Electron renders the page's print layout; the fake answers a small PDF naming the options it got. */
  printToPDF(options: Record<string, unknown>): Promise<Buffer> {
    this.printed.push(options);
    return Promise.resolve(Buffer.from(`%PDF-1.7\n% fake print ${JSON.stringify(options)}\n%%EOF\n`));
  }

  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'allow' | 'deny' }): void {
    this.windowOpenHandler = handler;
  }

  send(channel: string, payload: unknown): void {
    this.sent.push({ channel, payload });
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  /** Plays a navigation-type event as Electron fires it; true when the host refused it. */
  attempt(eventName: 'will-navigate' | 'will-redirect' | 'will-frame-navigate' | 'will-attach-webview', url: string): boolean {
    if (this.listenerCount(eventName) === 0) throw new Error(`nothing listens to ${eventName}`);
    const event = fakeEvent(url);
    this.emit(eventName, event, url);
    return event.defaultPrevented;
  }
}

export interface FakeElectronOptions {
  userData: string;
  appPath: string;
  isPackaged?: boolean;
  /** false: another instance holds Electron's single-instance lock. */
  singleInstance?: boolean;
  /** app.getPath('documents'); userData when absent. */
  documents?: string;
}

/** What a save dialog was asked, and by which window. */
export interface SaveDialogCall {
  window: unknown;
  options: { defaultPath?: string; filters?: Array<{ name: string; extensions: string[] }>; title?: string };
}

type PermissionRequestHandler = (wc: unknown, permission: string, callback: (granted: boolean) => void, details: unknown) => void;
type PermissionCheckHandler = (wc: unknown, permission: string, origin: string, details: unknown) => boolean;
type DeviceHandler = (details: unknown) => boolean;

export function createFakeElectron(options: FakeElectronOptions) {
  let ready = false;
  let markReady!: () => void;
  const readyPromise = new Promise<void>((resolve) => (markReady = resolve));
  /** Every call into the module, in order: 'app.enableSandbox', 'protocol.handle app' … */
  const calls: string[] = [];
  const beforeReady = (what: string) => {
    if (ready) throw new Error(`${what} must be called before the app is ready`);
  };
  const afterReady = (what: string) => {
    if (!ready) throw new Error(`${what} can only be used after the app is ready`);
  };

  const app = Object.assign(new EventEmitter(), {
    isPackaged: options.isPackaged ?? false,
    quitCalls: 0,
    exitCode: null as number | null,
    enableSandbox() {
      beforeReady('app.enableSandbox');
      calls.push('app.enableSandbox');
    },
    requestSingleInstanceLock() {
      calls.push('app.requestSingleInstanceLock');
      return options.singleInstance ?? true;
    },
    whenReady() {
      return readyPromise;
    },
    isReady: () => ready,
    getPath(name: string) {
      if (name === 'documents') return options.documents ?? options.userData;
      if (name !== 'userData') throw new Error(`the fake knows only userData and documents, not ${name}`);
      return options.userData;
    },
    getAppPath: () => options.appPath,
    getVersion: () => '0.0.0-test',
    quit() {
      calls.push('app.quit');
      app.quitCalls += 1;
    },
    exit(code: number) {
      calls.push(`app.exit ${code}`);
      app.exitCode = code;
    },
  });

  const schemes: Array<{ scheme: string; privileges: Record<string, boolean> }> = [];
  const protocolHandlers = new Map<string, (request: Request) => Response | Promise<Response>>();
  const protocol = {
    registerSchemesAsPrivileged(list: Array<{ scheme: string; privileges: Record<string, boolean> }>) {
      beforeReady('protocol.registerSchemesAsPrivileged');
      calls.push('protocol.registerSchemesAsPrivileged');
      schemes.push(...list);
    },
    handle(scheme: string, handler: (request: Request) => Response | Promise<Response>) {
      afterReady('protocol.handle');
      if (!schemes.some((s) => s.scheme === scheme)) throw new Error(`${scheme}: is not a registered scheme`);
      calls.push(`protocol.handle ${scheme}`);
      protocolHandlers.set(scheme, handler);
    },
  };

  const permissions = {
    request: null as PermissionRequestHandler | null,
    check: null as PermissionCheckHandler | null,
    device: null as DeviceHandler | null,
  };
  const defaultSession = {
    setPermissionRequestHandler(handler: PermissionRequestHandler) {
      permissions.request = handler;
    },
    setPermissionCheckHandler(handler: PermissionCheckHandler) {
      permissions.check = handler;
    },
    setDevicePermissionHandler(handler: DeviceHandler) {
      permissions.device = handler;
    },
  };
  const session = {
    get defaultSession() {
      afterReady('session.defaultSession');
      return defaultSession;
    },
  };

  const ipcHandlers = new Map<string, (event: unknown, payload: unknown) => unknown>();
  const ipcMain = {
    handle(channel: string, handler: (event: unknown, payload: unknown) => unknown) {
      if (ipcHandlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
      ipcHandlers.set(channel, handler);
    },
    removeHandler(channel: string) {
      ipcHandlers.delete(channel);
    },
  };

  const windows: FakeBrowserWindow[] = [];
  // Not an EventEmitter subclass: its inherited statics cannot be named in this module's types.
  class FakeBrowserWindow {
    readonly webContents = new FakeWebContents();
    readonly events = new EventEmitter();
    readonly loaded: string[] = [];
    shown = false;
    constructor(readonly options: Record<string, unknown> & { webPreferences?: Record<string, unknown> }) {
      afterReady('new BrowserWindow');
      windows.push(this);
      app.emit('web-contents-created', { preventDefault() {} }, this.webContents);
    }
    static getAllWindows() {
      return windows.filter((w) => !w.webContents.destroyed);
    }
    loadURL(url: string) {
      this.loaded.push(url);
      return Promise.resolve();
    }
    loadFile(file: string) {
      this.loaded.push(`loadFile:${file}`);
      return Promise.resolve();
    }
    on(event: string, listener: (...args: unknown[]) => void) {
      this.events.on(event, listener);
      return this;
    }
    once(event: string, listener: (...args: unknown[]) => void) {
      this.events.once(event, listener);
      return this;
    }
    show() {
      this.shown = true;
    }
    /** Minimized until restored, when a test says so; focused once brought forward. */
    minimized = false;
    focused = false;
    isMinimized = () => this.minimized;
    restore() {
      this.minimized = false;
    }
    focus() {
      this.focused = true;
    }
  }

  const opened: string[] = [];
  /** Files handed to the system viewer (shell.openPath) and shown in their folder (showItemInFolder). */
  const openedPaths: string[] = [];
  const revealed: string[] = [];
  const shell = {
    openExternal(url: string) {
      opened.push(url);
      return Promise.resolve();
    },
    // Electron answers '' when the file opened, or the reason it did not.
    openPath(file: string) {
      openedPaths.push(file);
      return Promise.resolve(fs.existsSync(file) ? '' : 'Failed to open path');
    },
    showItemInFolder(file: string) {
      revealed.push(file);
    },
  };
  /** Every system notification made, in order, and whether it was shown. */
  const notifications: FakeNotification[] = [];
  class FakeNotification {
    shown = false;
    readonly clicks: Array<() => void> = [];
    static isSupported() {
      return true;
    }
    constructor(readonly options: { title: string; body: string }) {
      notifications.push(this);
    }
    on(event: 'click', listener: () => void) {
      if (event === 'click') this.clicks.push(listener);
      return this;
    }
    /** The researcher clicks it. */
    click() {
      for (const listener of this.clicks) listener();
    }
    show() {
      afterReady('Notification.show');
      this.shown = true;
    }
  }
  const errorBoxes: Array<{ title: string; content: string }> = [];
  const saveDialogs: SaveDialogCall[] = [];
  /** What the researcher picks in the next save dialogs, in order: a path, or null to cancel. */
  const saveAnswers: Array<string | null> = [];
  const dialog = {
    showErrorBox(title: string, content: string) {
      errorBoxes.push({ title, content });
    },
    // Electron's overloads: (window, options) or (options).
    showSaveDialog(windowOrOptions: unknown, maybeOptions?: SaveDialogCall['options']) {
      afterReady('dialog.showSaveDialog');
      const options = maybeOptions ?? (windowOrOptions as SaveDialogCall['options']);
      saveDialogs.push({ window: maybeOptions ? windowOrOptions : null, options });
      if (saveAnswers.length === 0) throw new Error('the test did not say what to pick in the save dialog');
      const answer = saveAnswers.shift()!;
      return Promise.resolve(answer === null ? { canceled: true, filePath: '' } : { canceled: false, filePath: answer });
    },
  };

  return {
    /** What the host imports. */
    module: { app, BrowserWindow: FakeBrowserWindow, dialog, ipcMain, Notification: FakeNotification, protocol, session, shell },
    notifications,
    calls,
    schemes,
    protocolHandlers,
    permissions,
    ipcHandlers,
    windows,
    opened,
    openedPaths,
    revealed,
    errorBoxes,
    saveDialogs,
    saveAnswers,
    app,
    /** Electron's `ready`: resolves app.whenReady(). */
    becomeReady() {
      ready = true;
      markReady();
    },
    /** Quits as Electron does: before-quit, which the host may delay to close its services. */
    async quit(): Promise<void> {
      const before = app.quitCalls;
      const event = fakeEvent();
      app.emit('before-quit', event);
      if (!event.defaultPrevented) return;
      const deadline = Date.now() + 10_000;
      while (app.quitCalls === before) {
        if (Date.now() > deadline) throw new Error('the host never finished quitting');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
}

export type FakeElectron = ReturnType<typeof createFakeElectron>;
