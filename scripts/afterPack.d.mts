// Types for scripts/afterPack.mjs, so the packaging test can import it.
import type { FuseConfig, FuseV1Options } from '@electron/fuses';

export interface AfterPackContext {
  appOutDir: string;
  electronPlatformName: string;
  arch: number;
  packager: { appInfo: { productFilename: string }; executableName: string };
}

export const fuseSettings: Partial<Record<FuseV1Options, boolean>>;
export function electronBinaryPath(context: AfterPackContext): string;
export function afterPack(
  context: AfterPackContext,
  flip?: (pathToElectron: string, config: FuseConfig) => Promise<number>,
): Promise<void>;
export default afterPack;
