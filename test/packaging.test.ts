// The desktop packages' hardening, checked where electron-builder cannot download Electron:
// the configuration as electron-builder itself loads and validates it, and the afterPack hook
// run with the real @electron/fuses on a binary that carries Electron's fuse wire.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { FuseV1Options, FuseVersion, getCurrentFuseWire } from '@electron/fuses';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config';
import { DebugLogger } from 'builder-util/out/DebugLogger';
import afterPackDefault, { afterPack, electronBinaryPath, fuseSettings, type AfterPackContext } from '../scripts/afterPack.mjs';
import { closedPort, rawServer, tempDir } from './support';

const root = path.resolve(__dirname, '..');

const expectedFuses = {
  [FuseV1Options.RunAsNode]: false,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  [FuseV1Options.EnableCookieEncryption]: true,
};

async function loadConfig() {
  const config = await getConfig(root, null, null);
  await validateConfiguration(config, new DebugLogger(false));
  return config;
}

function context(platform: string, appOutDir: string, arch = 1): AfterPackContext {
  return {
    appOutDir,
    electronPlatformName: platform,
    arch,
    packager: { appInfo: { productFilename: 'Scout Workbench' }, executableName: 'scout-workbench' },
  };
}

// Electron's fuse wire as it sits in the binary: sentinel, version, length, one byte per fuse.
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const ON = 0x31;
const OFF = 0x30;

describe('packaging configuration (electron-builder.yml)', () => {
  it('is valid for electron-builder and packs the app into an ASAR, native addons beside it', async () => {
    const config = await loadConfig();
    expect(config.asar).toBe(true);
    expect(config.asarUnpack).toEqual(['**/*.node']);
    expect(config.npmRebuild).toBe(true);
    expect(config.afterPack).toBe('./scripts/afterPack.mjs');
    expect(fs.existsSync(path.join(root, config.afterPack as string))).toBe(true);
    // Validation normalises the list into one { filter } set.
    expect(config.files).toEqual([
      {
        filter: [
          'out/**',
          '!out/main/serve.js',
          '!out/**/*.map',
          'package.json',
          '!node_modules/@expo-google-fonts/*/{100,200,300,500,600,800,900}*/**',
          '!node_modules/@expo-google-fonts/*/*_Italic/**',
          '!node_modules/@expo-google-fonts/{noto-sans-jp,noto-sans-kr,noto-sans-sc,noto-emoji}/700Bold/**',
          '!node_modules/@expo-google-fonts/**/*.png',
        ],
      },
    ]);
    // Native modules are rebuilt for Electron only when they are production dependencies.
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      main: string;
      dependencies: Record<string, string>;
    };
    expect(Object.keys(pkg.dependencies)).toEqual(expect.arrayContaining(['better-sqlite3', 'keytar']));
    expect(pkg.main).toBe('out/main/index.js');
  });

  it('builds AppImage and deb for Linux, dmg for macOS and nsis for Windows', async () => {
    const config = await loadConfig();
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.mac?.target).toEqual(['dmg']);
    expect(config.win?.target).toEqual(['nsis']);
    expect(config.deb?.depends).toContain('libsecret-1-0');
  });
});

describe('afterPack: Electron fuses', () => {
  it('sets exactly the seven fuses the checklist asks for', () => {
    expect(fuseSettings).toEqual(expectedFuses);
  });

  it('calls flipFuses once per package with those fuses, on the right binary for each platform', async () => {
    const cases: Array<[string, number, string, boolean]> = [
      ['linux', 1, '/pkg/scout-workbench', false],
      ['win32', 1, '/pkg/Scout Workbench.exe', false],
      ['darwin', 1, '/pkg/Scout Workbench.app', false],
      ['darwin', 3, '/pkg/Scout Workbench.app', true],
    ];
    for (const [platform, arch, binary, resetSignature] of cases) {
      const flip = vi.fn(async () => 1);
      await afterPack(context(platform, '/pkg', arch), flip);
      expect(flip).toHaveBeenCalledExactlyOnceWith(path.normalize(binary), {
        version: FuseVersion.V1,
        resetAdHocDarwinSignature: resetSignature,
        ...expectedFuses,
      });
    }
    expect(afterPackDefault).toBe(afterPack);
  });

  it('burns the fuses into a binary with the real @electron/fuses, leaving unknown fuses alone', async () => {
    const appOutDir = tempDir('scout-afterpack-');
    const binary = electronBinaryPath(context('linux', appOutDir));
    // Electron's defaults, plus a ninth fuse newer than @electron/fuses knows.
    const defaults = [ON, OFF, ON, ON, OFF, OFF, OFF, ON, ON];
    fs.writeFileSync(
      binary,
      Buffer.concat([
        Buffer.from('\x7fELF...code...'),
        Buffer.from(SENTINEL),
        Buffer.from([1, defaults.length, ...defaults]),
        Buffer.from('...more code'),
      ]),
    );
    await afterPack(context('linux', appOutDir));
    const wire = await getCurrentFuseWire(binary);
    const on = (fuse: FuseV1Options) => wire[fuse] === ON;
    expect(on(FuseV1Options.RunAsNode)).toBe(false);
    expect(on(FuseV1Options.EnableNodeOptionsEnvironmentVariable)).toBe(false);
    expect(on(FuseV1Options.EnableNodeCliInspectArguments)).toBe(false);
    expect(on(FuseV1Options.GrantFileProtocolExtraPrivileges)).toBe(false);
    expect(on(FuseV1Options.EnableEmbeddedAsarIntegrityValidation)).toBe(true);
    expect(on(FuseV1Options.OnlyLoadAppFromAsar)).toBe(true);
    expect(on(FuseV1Options.EnableCookieEncryption)).toBe(true);
    const bytes = fs.readFileSync(binary);
    const start = bytes.indexOf(SENTINEL) + SENTINEL.length + 2;
    expect(bytes[start + FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]).toBe(OFF);
    expect(bytes[start + 8]).toBe(ON);
  });

  it('fails the package when the binary has no fuse wire', async () => {
    const appOutDir = tempDir('scout-afterpack-');
    fs.writeFileSync(path.join(appOutDir, 'scout-workbench'), 'not electron');
    await expect(afterPack(context('linux', appOutDir))).rejects.toThrow(/sentinel/);
  });
});

describe('npm run dist without the Electron runtime', () => {
  /** Runs scripts/dist.mjs with an empty Electron cache and the given mirror. */
  function dist(mirror: string): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
    const started = Date.now();
    const child = spawn(process.execPath, [path.join(root, 'scripts/dist.mjs')], {
      cwd: root,
      env: { ...process.env, ELECTRON_MIRROR: mirror, ELECTRON_CACHE: tempDir('scout-electron-cache-') },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr, ms: Date.now() - started })));
  }

  it('fails at once with one line when the download address cannot be reached, before building', async () => {
    const port = await closedPort();
    const result = await dist(`http://127.0.0.1:${port}/`);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^Scout: cannot package: the Electron runtime electron-v[\d.]+-\w+-\w+\.zip could not be downloaded \(127\.0\.0\.1:\d+ unreachable: ECONNREFUSED\)/);
    expect(result.ms).toBeLessThan(10_000);
  });

  it('says what the mirror answered when it has no such zip', async () => {
    const requested: string[] = [];
    const mirror = await rawServer((req, res) => {
      requested.push(`${req.method} ${req.url}`);
      res.writeHead(404).end();
    });
    try {
      const result = await dist(`${mirror.url}/`);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/could not be downloaded \(http:\/\/127\.0\.0\.1:\d+\/v[\d.]+\/electron-v[\d.]+-\w+-\w+\.zip answered 404\)/);
      expect(requested).toEqual([expect.stringMatching(/^HEAD \/v[\d.]+\/electron-v/)]);
    } finally {
      await mirror.close();
    }
  });
});
