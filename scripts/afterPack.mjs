// electron-builder's afterPack hook: burns Electron's fuses into the packaged binary, before it
// is signed. Each fuse closes a way to run code as Scout (and so read its keychain item) without
// being Scout: ELECTRON_RUN_AS_NODE, NODE_OPTIONS, --inspect, an app folder beside the archive.
import path from 'node:path';
import { flipFuses, FuseV1Options, FuseVersion } from '@electron/fuses';

export const fuseSettings = {
  [FuseV1Options.RunAsNode]: false,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  [FuseV1Options.EnableCookieEncryption]: true,
};

// electron-builder's Arch enum: ia32 0, x64 1, armv7l 2, arm64 3, universal 4.
const ARM64 = 3;

/** The file @electron/fuses rewrites: the executable, or the .app bundle on macOS. */
export function electronBinaryPath(context) {
  const { appOutDir, electronPlatformName, packager } = context;
  const productFilename = packager.appInfo.productFilename;
  switch (electronPlatformName) {
    case 'darwin':
    case 'mas':
      return path.join(appOutDir, `${productFilename}.app`);
    case 'win32':
      return path.join(appOutDir, `${productFilename}.exe`);
    default:
      return path.join(appOutDir, packager.executableName);
  }
}

export async function afterPack(context, flip = flipFuses) {
  const isMac = context.electronPlatformName === 'darwin' || context.electronPlatformName === 'mas';
  await flip(electronBinaryPath(context), {
    version: FuseVersion.V1,
    // Flipping invalidates an arm64 Mac binary's ad-hoc signature; it must be redone to launch.
    resetAdHocDarwinSignature: isMac && context.arch === ARM64,
    ...fuseSettings,
  });
}

export default afterPack;
