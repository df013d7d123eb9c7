// Starts the built app in browser mode (`out/main/serve.js`) as a child process on a data folder
// and its own keychain entry, and reads the launch URL it prints. Shared by the end-to-end
// fixtures and the report page benchmark.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const appRoot = path.resolve(__dirname, '..');

export interface BrowserModeApp {
  child: ChildProcess;
  /** The first launch address: it opens Scout once, within a minute. */
  launchUrl: string;
  /** Asks the running process for another launch address (SIGUSR2, as a researcher could) and reads it. */
  newLaunchUrl(): Promise<string>;
  /** Everything the process printed. */
  output(): string;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

export async function startBrowserMode(options: {
  dataDir: string;
  keychainService: string;
  args?: string[];
  /** The environment to start in (default: this process's), e.g. one without a D-Bus session. */
  env?: NodeJS.ProcessEnv;
}): Promise<BrowserModeApp> {
  const child = spawn(process.execPath, [path.join(appRoot, 'out/main/serve.js'), '--port', '0', '--data-dir', options.dataDir, ...(options.args ?? [])], {
    cwd: appRoot,
    env: { ...(options.env ?? process.env), SCOUT_KEYCHAIN_SERVICE: options.keychainService },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  try {
    const launchUrl = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`browser mode did not start within 15 s:\n${output}`)), 15_000);
      child.stdout!.on('data', (c: Buffer) => {
        output += c.toString();
        const match = /Open: (http:\/\/\S+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`browser mode exited with ${code}:\n${output}`));
      });
    });
    const newLaunchUrl = async () => {
      const from = output.length;
      const printed = new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`browser mode printed no new address within 5 s:\n${output.slice(from)}`)), 5_000);
        const look = () => {
          const match = /New one-time address[^\n]*Open: (http:\/\/\S+)/.exec(output.slice(from));
          if (!match) return;
          clearTimeout(timer);
          child.stdout!.off('data', look);
          resolve(match[1]!);
        };
        child.stdout!.on('data', look);
      });
      child.kill('SIGUSR2');
      return printed;
    };
    return { child, launchUrl, newLaunchUrl, output: () => output, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
