// Electron's entry point. The desktop host itself lives in electronApp.ts, which takes the
// electron module as an argument so the unit tests can run it against a stand-in.
import path from 'node:path';
import * as electron from 'electron';
import { createElectronApp } from './electronApp';

void createElectronApp(electron, { outDir: path.join(__dirname, '..') });
