// `npm run bootstrap`: installs the system packages Scout needs (apt, only what is missing),
// then the npm dependencies with `npm ci`.
import { execFileSync, spawnSync } from 'node:child_process';
import process from 'node:process';
import { root, run } from './lib.mjs';

// What each package is for, so a refusal can say what will not work.
const systemPackages = {
  python3: 'building native modules',
  make: 'building native modules',
  'g++': 'building native modules',
  ccache: 'building native modules once per machine, not once per clean clone',
  'libsecret-1-dev': 'the keychain module (keytar)',
  'gnome-keyring': 'a Secret Service for the keychain',
  dbus: 'the keychain',
  'dbus-x11': 'the keychain in a desktop session',
  chromium: 'browser mode tests',
  xvfb: 'running the desktop window without a screen (tests)',
  xauth: 'xvfb-run',
  'poppler-utils': 'reading PDFs back in tests (pdftotext, pdfinfo, pdftoppm)',
  'libreoffice-calc': 'printing every workbook as a client prints it, in tests (soffice)',
  'fonts-dejavu-core': 'the font LibreOffice prints a workbook in when Carlito is missing (tests)',
  'fonts-droid-fallback': 'CJK names in the printed workbooks (tests)',
  'fonts-lohit-deva': 'Devanagari names in the printed workbooks (tests)',
  // Compare's PDF is printed by Chromium (printToPDF) in the system's fonts: on Linux, these
  // hold what creators write (Arabic, Hebrew, Thai; Japanese, Korean, Chinese; emoji).
  'fonts-noto-core': 'Arabic, Hebrew and Thai names in the PDFs Chromium prints (Compare)',
  'fonts-noto-cjk': 'Japanese, Korean and Chinese names in the PDFs Chromium prints (Compare)',
  'fonts-noto-color-emoji': 'emoji in the PDFs Chromium prints (Compare)',
  postgresql: 'a real team database in tests and benchmarks (initdb, pg_ctl)',
};

function say(line) {
  process.stdout.write(`bootstrap: ${line}\n`);
}

function missingPackages() {
  return Object.keys(systemPackages).filter((name) => {
    const result = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
    return result.status !== 0 || !result.stdout.includes('install ok installed');
  });
}

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

async function installSystemPackages() {
  if (process.platform !== 'linux' || !hasCommand('dpkg-query') || !hasCommand('apt-get')) {
    say(`no apt on this system (${process.platform}); skipping system packages. Scout uses the OS keychain here.`);
    return true;
  }
  const missing = missingPackages();
  if (missing.length === 0) {
    say('system packages are present.');
    return true;
  }
  say(`installing ${missing.join(' ')} with apt-get.`);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const canSudo = !isRoot && hasCommand('sudo') && (process.stdin.isTTY || spawnSync('sudo', ['-n', 'true']).status === 0);
  if (!isRoot && !canSudo) {
    say(`cannot install system packages: this needs root. Run:\n  sudo apt-get install -y ${missing.join(' ')}\nthen run npm run bootstrap again.`);
    return false;
  }
  const prefix = isRoot ? [] : ['sudo'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (...args) => run(prefix[0] ?? 'apt-get', [...(prefix.length ? ['apt-get'] : []), ...args], { env });
  if ((await apt('update', '-qq')) !== 0) say('apt-get update failed; trying the install with the package lists already on this machine.');
  if ((await apt('install', '-y', '-qq', '--no-install-recommends', ...missing)) !== 0) {
    const still = missingPackages();
    say(
      `apt-get could not install: ${still.join(' ')}.\n` +
        still.map((p) => `  ${p}: needed for ${systemPackages[p]}`).join('\n') +
        `\nInstall them by hand (sudo apt-get install ${still.join(' ')}) and run npm run bootstrap again.`,
    );
    return false;
  }
  return true;
}

/**
 * npm ci builds better-sqlite3 and keytar from source (their prebuilt binaries are on GitHub):
 * about 70 CPU-seconds, most of it SQLite's one big C file. Through ccache, a clean clone on a
 * machine that built the same sources before takes the objects from ccache's folder (~/.cache)
 * instead; paths inside the clone count relative to it, so any clone's build matches.
 */
function nativeBuildEnv() {
  if (!hasCommand('ccache')) return process.env;
  const cached = (compiler) => (compiler.startsWith('ccache ') ? compiler : `ccache ${compiler}`);
  return {
    ...process.env,
    CC: cached(process.env.CC || 'cc'),
    CXX: cached(process.env.CXX || 'c++'),
    CCACHE_BASEDIR: root,
  };
}

const systemOk = await installSystemPackages();
if (!systemOk) process.exit(1);

say('installing npm dependencies (npm ci).');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const code = await run(npm, ['ci', '--no-audit', '--no-fund'], { cwd: root, env: nativeBuildEnv() });
if (code !== 0) {
  say('npm ci failed: see the messages above. Native modules need python3, make and g++ (and libsecret-1-dev on Linux).');
  process.exit(code);
}
try {
  execFileSync(process.execPath, ['-e', "require('better-sqlite3'); require('keytar')"], { cwd: root, stdio: 'pipe' });
} catch (error) {
  say(`the native modules did not load after install: ${String(error.stderr ?? error.message).split('\n')[0]}`);
  process.exit(1);
}
say('done.');
