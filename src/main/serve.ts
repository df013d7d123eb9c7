// Browser mode: `npm run serve [-- --port N --workspace demo|production|team]`. The same main
// services as the desktop app, in Node, served to a browser on 127.0.0.1.
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { workspaceIds, type WorkspaceId } from '@shared/workspaces';
import { acquireDataFolderLock, DataFolderBusyError, type DataFolderLock } from './platform/dataFolderLock';
import { createLogger } from './platform/log';
import { defaultDataDir, logFilePath } from './platform/paths';
import type { MainServices } from './app/mainServices';
import type { Dispatch } from './host/handlers';
import { EventBus } from './kernel/eventBus';
import { nextTurn } from './platform/util/timeSlices';
import { LAUNCH_TTL_MS, startLoopbackServer } from './host/loopbackHttp';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      workspace: { type: 'string' },
      'data-dir': { type: 'string' },
      'demo-api': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(
      `Usage: npm run serve -- [--port N] [--workspace ${workspaceIds.join('|')}] [--data-dir DIR] [--demo-api URL]\n` +
        'Serves Scout to your browser on 127.0.0.1 and prints a launch address. Open it within 60 seconds: it works once,\n' +
        'and this browser then keeps a session for as long as Scout runs. For a new address (another browser, or after\n' +
        'the first expired), press Enter in this terminal, or send the process SIGUSR2 (`kill -USR2 PID`, PID printed at start).\n' +
        '--demo-api points the demo workspace at a simulator you started yourself (`npm run simulator -- --port 8787 --generation-ms 20000`)\n' +
        'instead of the built-in one, so you can choose its settings or stop it to see Scout offline.\n',
    );
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be a number from 0 to 65535, got "${values.port}".`);
  if (values.workspace !== undefined && !(workspaceIds as readonly string[]).includes(values.workspace)) {
    fail(`--workspace must be one of ${workspaceIds.join(', ')}, got "${values.workspace}".`);
  }

  const demoApiUrl = values['demo-api']?.replace(/\/+$/, '');
  if (demoApiUrl !== undefined && !/^http:\/\/(127\.0\.0\.1|localhost|\[::1\]):\d+$/.test(demoApiUrl)) {
    fail(`--demo-api must be a loopback simulator address like http://127.0.0.1:8787, got "${values['demo-api']}".`);
  }
  const dataDir = values['data-dir'] ? path.resolve(values['data-dir']) : defaultDataDir();
  // Before anything in the folder is opened, the log included: a second Scout changes nothing.
  let lock: DataFolderLock;
  try {
    lock = acquireDataFolderLock(dataDir, { host: 'browser' });
  } catch (error) {
    if (!(error instanceof DataFolderBusyError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(3);
  }
  const logger = createLogger({ file: logFilePath(dataDir) });
  const appRoot = path.resolve(__dirname, '../..');
  const rendererDir = path.join(appRoot, 'out/renderer');
  if (!fs.existsSync(path.join(rendererDir, 'index.html'))) fail('The renderer is not built: run `npm run build` first.');
  const version = (JSON.parse(fs.readFileSync(path.join(appRoot, 'package.json'), 'utf8')) as { version: string }).version;

  // Scout listens and hands out its address first; most of main's code (the services, the
  // workspaces, the API client) loads while the researcher's browser opens it. The page's first
  // calls wait for it; nothing else can come before the page.
  const events = new EventBus((text) => logger.redact(text));
  let services: MainServices | null = null;
  let addressOut = () => {};
  const loading: Promise<Dispatch> = new Promise<void>((resolve) => (addressOut = resolve)).then(async () => {
    // A turn first: the address is out before loading takes the thread.
    await nextTurn();
    const [{ MainServices }, { createDispatcher, createHandlers }] = await Promise.all([import('./app/mainServices'), import('./host/handlers')]);
    const loaded = new MainServices({ dataDir, host: 'browser', version, logger, demoApiUrl, events });
    if (values.workspace) await loaded.switchWorkspace(values.workspace as WorkspaceId);
    services = loaded;
    // While the researcher's browser opens the address.
    void loaded.warmUp();
    return createDispatcher(createHandlers(loaded), logger, () => loaded.ready());
  });
  loading.catch((error: unknown) => {
    process.stderr.write(`Scout could not start: ${(error as Error).message}\n`);
    lock.release();
    process.exit(1);
  });
  const server = await startLoopbackServer({
    dispatch: async (channel, payload) => (await loading)(channel, payload),
    events,
    logger,
    rendererDir,
    port,
    archiveFile: (id) => services?.active().archive.filePath(id) ?? null,
    download: (token) => services?.downloads.take(token) ?? null,
  });

  let terminal: readline.Interface | null = null;
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    terminal?.close();
    // Closed once loaded (a stop while loading waits for it, so nothing is left half open).
    addressOut();
    void Promise.allSettled([server.close(), loading.then(() => services?.close())]).then(() => {
      lock.release();
      process.exit(0);
    });
  };
  // Before the address is out: whoever reads it may stop Scout (or ask for a new address) at once.
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  // Launch addresses go to stdout only, never to the log.
  const ttl = `${LAUNCH_TTL_MS / 1000} seconds`;
  const canSignal = process.platform !== 'win32';
  const howToRenew = [
    process.stdin.isTTY ? 'press Enter here' : null,
    canSignal ? `run \`kill -USR2 ${process.pid}\`` : null,
  ].filter(Boolean);
  const printNewAddress = () => process.stdout.write(`New one-time address (works once, within ${ttl}). Open: ${server.newLaunchUrl()}\n`);
  if (canSignal) process.on('SIGUSR2', printNewAddress);
  process.stdout.write(
    `Scout is running in browser mode. Open: ${server.launchUrl}\n` +
      `That address opens Scout once, within ${ttl}.` +
      (howToRenew.length ? ` For a new one, ${howToRenew.join(' or ')}.\n` : ' For a new one, restart Scout.\n'),
  );
  // Without raw mode, so Ctrl+C still stops Scout the usual way; Enter hands out an address.
  terminal = process.stdin.isTTY ? readline.createInterface({ input: process.stdin, terminal: false }) : null;
  terminal?.on('line', printNewAddress);
  logger.info(`browser mode on ${server.origin}, data in ${dataDir}`);
  lock.describe({ url: server.origin });
  addressOut();
}

function fail(message: string): never {
  process.stderr.write(`Scout: ${message}\n`);
  process.exit(2);
}

main().catch((error: unknown) => {
  process.stderr.write(`Scout could not start: ${(error as Error).message}\n`);
  process.exit(1);
});
