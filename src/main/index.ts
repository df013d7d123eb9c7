// Electron's entry point. The desktop host itself lives in electronApp.ts, which takes the
// electron module's parts as an argument so the unit tests can run it against a stand-in.
import path from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, Notification, protocol, session, shell } from 'electron';
import { createElectronApp } from './electronApp';

void createElectronApp({ app, BrowserWindow, dialog, ipcMain, Notification, protocol, session, shell }, { outDir: path.join(__dirname, '..') });
