// Electron host: the desktop window. It builds the same services as browser mode, binds them to
// IPC, and locks the window down. It takes the electron module as an argument so that a unit
// test can run exactly this code against a stand-in (src/main/electronApp.test.ts), on machines
// where the Electron runtime cannot be installed.
import fs from 'node:fs';
import path from 'node:path';
import type * as ElectronModule from 'electron';
import type { BrowserWindow as BrowserWindowType } from 'electron';
import { acquireDataFolderLock, DataFolderBusyError, type DataFolderLock } from './platform/dataFolderLock';
import { createLogger, type Logger } from './platform/log';
import { defaultDataDir, logFilePath } from './platform/paths';
import { MainServices } from './app/mainServices';
import { createDispatcher, createHandlers } from './host/handlers';
import { bindIpc } from './host/electronIpc';
import { appUrlMatcher } from './host/senderPolicy';
import { APP_HOST, APP_INDEX_URL, APP_SCHEME, appSchemePrivileges, createAppProtocolHandler } from './host/appProtocol';
import { guardWebContents } from './host/webContentsGuards';
import { notifyNewAlerts } from './host/alertNotifier';
import { electronNativeBindingPath } from './platform/nativeBinding';
import { ScoutError } from '@shared/errors';

/**
 * Everything is denied except writing plain text to the clipboard from Scout's own pages (the
 * Copy buttons next to a creator's contacts); reading the clipboard stays denied.
 */
export function permissionAllowed(permission: string, origin: string | undefined): boolean {
  if (permission !== 'clipboard-sanitized-write' || !origin) return false;
  try {
    // `origin` is "null" for every non-special scheme, so the scheme and host are compared.
    const url = new URL(origin);
    return url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST;
  } catch {
    return false;
  }
}

export type Electron = Pick<
  typeof ElectronModule,
  'app' | 'BrowserWindow' | 'dialog' | 'ipcMain' | 'Notification' | 'protocol' | 'session' | 'shell'
>;

export interface ElectronAppOptions {
  /** The build's out/ folder: main/, preload/ and renderer/ inside it. */
  outDir: string;
  env?: NodeJS.ProcessEnv;
}

export interface StartedElectronApp {
  services: MainServices;
  logger: Logger;
  window: () => BrowserWindowType | null;
}

/** Every window's preferences: the Electron security checklist, item by item. */
export function windowPreferences(preload: string): ElectronModule.WebPreferences {
  return {
    preload,
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
  };
}

/**
 * electron-vite's dev server, only in an unpackaged build and only on loopback: an installed
 * Scout never loads its page from anywhere but app://.
 */
export function devServerUrl(env: NodeJS.ProcessEnv, isPackaged: boolean): string | undefined {
  const raw = env.ELECTRON_RENDERER_URL;
  if (!raw || isPackaged) return undefined;
  try {
    const url = new URL(raw);
    const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
    return url.protocol === 'http:' && loopback ? raw : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Writes beside the chosen file first and then moves it into place, so a failed write never
 * leaves half a file where the researcher's previous one was.
 */
/** The largest PDF a printed comparison may be. */
const MAX_PRINTED_PDF_BYTES = 30 * 1024 * 1024;

async function writeWhole(file: string, bytes: Uint8Array): Promise<void> {
  const partial = `${file}.${process.pid}.part`;
  try {
    await fs.promises.writeFile(partial, bytes);
    await fs.promises.rename(partial, file);
  } catch (error) {
    await fs.promises.rm(partial, { force: true }).catch(() => {});
    const code = (error as NodeJS.ErrnoException).code;
    throw new ScoutError({
      code: code === 'ENOSPC' ? 'DISK_FULL' : 'INTERNAL',
      message: `Scout could not save ${path.basename(file)} there${code ? ` (${code})` : ''}. Nothing was changed; choose another folder.`,
    });
  }
}

/** Wires the desktop app; resolves once the window exists (null when this instance quits at once). */
export function createElectronApp(electron: Electron, options: ElectronAppOptions): Promise<StartedElectronApp | null> {
  const { app, BrowserWindow, dialog, ipcMain, Notification, protocol, session, shell } = electron;
  const env = options.env ?? process.env;
  const rendererDir = path.join(options.outDir, 'renderer');
  const devServer = devServerUrl(env, app.isPackaged);
  const isAppUrl = appUrlMatcher({ rendererIndexUrl: APP_INDEX_URL, devServerUrl: devServer });

  // Both must happen before `ready`.
  app.enableSandbox();
  protocol.registerSchemesAsPrivileged([appSchemePrivileges]);

  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return Promise.resolve(null);
  }

  // Until the log file is open, warnings go to stderr only.
  let logger: Logger = createLogger();
  app.on('web-contents-created', (_event, contents) => {
    guardWebContents(contents, { isAppUrl, openExternal: (url) => shell.openExternal(url), logger });
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  return app.whenReady().then(async () => {
    const dataDir = env.SCOUT_DATA_DIR ? defaultDataDir(env) : app.getPath('userData');
    // requestSingleInstanceLock covers a second desktop app only; this also refuses browser mode.
    let dataFolderLock: DataFolderLock;
    try {
      dataFolderLock = acquireDataFolderLock(dataDir, { host: 'electron' }, { nativeBinding: electronNativeBindingPath(app.getAppPath()) ?? undefined });
    } catch (error) {
      if (!(error instanceof DataFolderBusyError)) throw error;
      process.stderr.write(`${error.message}\n`);
      dialog.showErrorBox('Scout is already running', error.message);
      app.exit(3);
      return null;
    }
    logger = createLogger({ file: logFilePath(dataDir) });
    session.defaultSession.setPermissionRequestHandler((_wc, permission, callback, details) => callback(permissionAllowed(permission, details?.requestingUrl)));
    session.defaultSession.setPermissionCheckHandler((_wc, permission, origin) => permissionAllowed(permission, origin));
    session.defaultSession.setDevicePermissionHandler(() => false);
    protocol.handle(APP_SCHEME, createAppProtocolHandler(rendererDir));

    const nativeBinding = electronNativeBindingPath(app.getAppPath());
    // A package's node_modules already holds the Electron build (electron-builder rebuilds it).
    if (!nativeBinding && !app.isPackaged) logger.warn('no Electron build of better-sqlite3 found; run `npm start` to prepare it');
    const services = new MainServices({
      dataDir,
      host: 'electron',
      version: app.getVersion(),
      logger,
      nativeBinding: nativeBinding ?? undefined,
    });
    let window: BrowserWindowType | null = null;
    /** Asks where to save a file named `suggestedName`, over the window; null when the dialog is closed. */
    const chooseSaveTarget = async (suggestedName: string): Promise<string | null> => {
      if (/[/\\]/.test(suggestedName) || path.basename(suggestedName) !== suggestedName) {
        throw new ScoutError({ code: 'INVALID_INPUT', message: 'A file name to save may not contain a folder.' });
      }
      const extension = path.extname(suggestedName).slice(1).toLowerCase();
      const options = {
        defaultPath: path.join(app.getPath('documents'), suggestedName),
        filters: extension ? [{ name: `${extension.toUpperCase()} file`, extensions: [extension] }] : [],
      };
      const owner = window;
      const choice = owner ? await dialog.showSaveDialog(owner, options) : await dialog.showSaveDialog(options);
      return choice.canceled || !choice.filePath ? null : choice.filePath;
    };
    /** Asks where to save, over the window, and writes the bytes there whole; null when cancelled. */
    const saveFile = async (suggestedName: string, bytes: Uint8Array): Promise<string | null> => {
      if (bytes.length > MAX_PRINTED_PDF_BYTES) throw new ScoutError({ code: 'INVALID_INPUT', message: 'The printed PDF is larger than 30 MB; nothing was saved.' });
      const target = await chooseSaveTarget(suggestedName);
      if (target === null) return null;
      await writeWhole(target, bytes);
      return target;
    };
    const handlers = createHandlers(services, {
      openExternal: (url) => shell.openExternal(url),
      chooseSaveTarget,
      printToPdf: async (suggestedName) => {
        const owner = window;
        if (!owner) throw new ScoutError({ code: 'NOT_SUPPORTED', message: 'There is no window to print.' });
        // The page has drawn its paper layout before asking; its @page rule sets the size, the
        // margins and the page numbers (a margin box), as the browser's print dialog does.
        const pdf = await owner.webContents.printToPDF({ printBackground: true, pageSize: 'A4', landscape: true, preferCSSPageSize: true });
        return saveFile(suggestedName, pdf);
      },
      openPath: async (file) => {
        // Electron answers an error message, or '' when the viewer opened it.
        const problem = await shell.openPath(file);
        if (problem) throw new ScoutError({ code: 'NOT_SUPPORTED', message: `The system could not open the PDF: ${problem}` });
      },
      showItemInFolder: (file) => shell.showItemInFolder(file),
    });

    bindIpc({
      ipcMain,
      dispatch: createDispatcher(handlers, logger, () => services.ready()),
      events: services.events,
      logger,
      isAppUrl,
      target: () => window?.webContents ?? null,
    });

    // A new alert, said by the system (browser mode counts them in the sidebar only).
    notifyNewAlerts(
      services.events,
      services,
      { isSupported: () => Notification.isSupported(), create: (o) => new Notification(o) },
      () => {
        if (!window) return;
        if (window.isMinimized()) window.restore();
        window.focus();
      },
    );

    const icon = path.join(options.outDir, '../resources/icon.png');
    const createWindow = () => {
      const created = new BrowserWindow({
        width: 1280,
        height: 820,
        minWidth: 900,
        minHeight: 600,
        show: false,
        title: 'Scout Workbench',
        icon: fs.existsSync(icon) ? icon : undefined,
        webPreferences: windowPreferences(path.join(options.outDir, 'preload/index.js')),
      });
      window = created;
      created.once('ready-to-show', () => created.show());
      created.on('closed', () => {
        if (window === created) window = null;
      });
      void created.loadURL(devServer ?? APP_INDEX_URL);
    };
    createWindow();
    // While the window loads its page.
    void services.warmUp();

    app.on('second-instance', () => {
      if (window) {
        if (window.isMinimized()) window.restore();
        window.focus();
      }
    });
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) createWindow();
    });
    let closing = false;
    app.on('before-quit', (event) => {
      if (closing) return;
      closing = true;
      event.preventDefault();
      void services.close().finally(() => {
        dataFolderLock.release();
        app.quit();
      });
    });
    return { services, logger, window: () => window };
  });
}
