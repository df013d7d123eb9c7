// `npm run dist [-- --linux|--mac|--win] [--x64|--arm64]`: builds Scout and packages it with
// electron-builder (electron-builder.yml). electron-builder downloads an Electron zip for every
// target; where that is impossible, this says so in one line before building anything, instead of
// letting the download retry for minutes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bin, envWithout, root, run } from './lib.mjs';

const PROBE_TIMEOUT_MS = 8000;

const electronVersion = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/electron/package.json'), 'utf8')).version;

const args = process.argv.slice(2);
const platformFlags = { linux: ['--linux', '-l'], darwin: ['--mac', '-m', '--macos', '-o'], win32: ['--win', '-w', '--windows'] };
const platforms = Object.keys(platformFlags).filter((p) => platformFlags[p].some((flag) => args.includes(flag)));
if (platforms.length === 0) platforms.push(process.platform);
const arches = ['x64', 'arm64', 'ia32', 'armv7l'].filter((a) => args.includes(`--${a}`));
if (arches.length === 0) arches.push(process.arch);

/** @electron/get's cache, where electron-builder (and `npm start`) keep downloaded zips. */
function electronCacheDir(env = process.env) {
  if (env.ELECTRON_CACHE) return env.ELECTRON_CACHE;
  if (env.electron_config_cache) return env.electron_config_cache;
  if (process.platform === 'darwin') return path.join(os.homedir(), 'Library/Caches/electron');
  if (process.platform === 'win32') return path.join(env.LOCALAPPDATA ?? path.join(os.homedir(), 'AppData/Local'), 'electron/Cache');
  return path.join(env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'electron');
}

function isCached(fileName) {
  const cache = electronCacheDir();
  if (!fs.existsSync(cache)) return false;
  // @electron/get keeps each zip in a folder named after a hash of its download address.
  return fs.readdirSync(cache, { withFileTypes: true }).some((entry) =>
    entry.isDirectory() ? fs.existsSync(path.join(cache, entry.name, fileName)) : entry.name === fileName,
  );
}

async function probe(fileName) {
  const mirror = process.env.ELECTRON_MIRROR ?? 'https://github.com/electron/electron/releases/download/';
  const dir = process.env.ELECTRON_CUSTOM_DIR ?? `v${electronVersion}`;
  const url = `${mirror.replace(/\/?$/, '/')}${dir}/${fileName}`;
  try {
    const answer = await fetch(url, { method: 'HEAD', redirect: 'follow', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    return answer.ok ? null : `${url} answered ${answer.status}`;
  } catch (error) {
    const cause = error?.cause?.code ?? error?.cause?.message ?? error?.message ?? String(error);
    return `${new URL(url).host} unreachable: ${error?.name === 'TimeoutError' ? `no answer in ${PROBE_TIMEOUT_MS / 1000} s` : cause}`;
  }
}

for (const platform of platforms) {
  for (const arch of arches) {
    const fileName = `electron-v${electronVersion}-${platform}-${arch}.zip`;
    if (isCached(fileName)) continue;
    const problem = await probe(fileName);
    if (problem) {
      process.stderr.write(
        `Scout: cannot package: the Electron runtime ${fileName} could not be downloaded (${problem}); ` +
          `run npm run dist where it can be, or put the zip in ${electronCacheDir()} or set ELECTRON_MIRROR.\n`,
      );
      process.exit(1);
    }
  }
}

const built = await run(bin('electron-vite'), ['build', '--logLevel', 'warn']);
if (built !== 0) process.exit(built);
// .npmrc's nodedir would make the native rebuild compile against Node's headers, not Electron's.
process.exit(
  await run(bin('electron-builder'), ['--config', 'electron-builder.yml', '--publish', 'never', ...args], {
    env: envWithout('npm_config_nodedir', 'NPM_CONFIG_NODEDIR'),
  }),
);
