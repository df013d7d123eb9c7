// Electron host: the desktop window. Kept thin: it builds the same services as browser mode,
// binds them to IPC, and locks the window down.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, BrowserWindow, session, shell } from 'electron';
import { createLogger } from './log';
import { defaultDataDir, logFilePath } from './paths';
import { MainServices } from './services/mainServices';
import { createDispatcher, createHandlers } from './host/handlers';
import { bindIpc } from './host/electronIpc';
import { appUrlMatcher } from './host/senderPolicy';
import { checkExternalUrl } from './services/externalLinks';
import { electronNativeBindingPath } from './nativeBinding';

const devServerUrl = process.env.ELECTRON_RENDERER_URL;
const rendererIndex = path.join(__dirname, '../renderer/index.html');
const isAppUrl = appUrlMatcher({
  rendererIndexUrl: pathToFileURL(rendererIndex).toString(),
  devServerUrl: app.isPackaged ? undefined : devServerUrl,
});

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('web-contents-created', (_event, contents) => {
    // No page navigates anywhere, nothing opens a window; allowed links go to the OS browser.
    contents.on('will-navigate', (event, url) => {
      if (!isAppUrl(url)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      try {
        void shell.openExternal(checkExternalUrl(url));
      } catch {
        // Not on the allow-list: silently refused.
      }
      return { action: 'deny' };
    });
  });

  void app.whenReady().then(async () => {
    const dataDir = process.env.SCOUT_DATA_DIR ? defaultDataDir() : app.getPath('userData');
    const logger = createLogger({ file: logFilePath(dataDir) });
    session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
    session.defaultSession.setPermissionCheckHandler(() => false);

    const nativeBinding = electronNativeBindingPath(app.getAppPath());
    if (!nativeBinding) logger.warn('no Electron build of better-sqlite3 found; run `npm start` to prepare it');
    const services = new MainServices({
      dataDir,
      host: 'electron',
      version: app.getVersion(),
      logger,
      nativeBinding: nativeBinding ?? undefined,
    });
    const handlers = createHandlers(services, { openExternal: (url) => shell.openExternal(url) });

    let window: BrowserWindow | null = null;
    bindIpc({
      dispatch: createDispatcher(handlers, logger),
      events: services.events,
      logger,
      isAppUrl,
      target: () => window?.webContents ?? null,
    });

    const createWindow = () => {
      window = new BrowserWindow({
        width: 1280,
        height: 820,
        minWidth: 900,
        minHeight: 600,
        show: false,
        title: 'Scout Workbench',
        icon: fs.existsSync(path.join(__dirname, '../../resources/icon.png'))
          ? path.join(__dirname, '../../resources/icon.png')
          : undefined,
        webPreferences: {
          preload: path.join(__dirname, '../preload/index.js'),
          contextIsolation: true,
          sandbox: true,
          nodeIntegration: false,
          webSecurity: true,
          spellcheck: false,
        },
      });
      window.once('ready-to-show', () => window?.show());
      window.on('closed', () => (window = null));
      if (devServerUrl && !app.isPackaged) void window.loadURL(devServerUrl);
      else void window.loadFile(rendererIndex);
    };
    createWindow();

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
      void services.close().finally(() => app.quit());
    });
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}
