// Runs one of the bench's child scripts in a process of its own (through tsx, as `npm run bench`
// runs) and reads its figures: the child prints them as its last line of output, one JSON object.
// A figure of main's responsiveness or memory is then the work's, not the bench process's (its
// heap holds Playwright and every other group's data, and its collector's pauses are not Scout's).
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Figures } from './cache';

const root = path.resolve(__dirname, '..');

export function runChild(script: string, ...args: string[]): Promise<Figures> {
  return runChildWith({}, script, ...args);
}

/** `runChild` with more in the child's environment (what must not be on its command line). */
export function runChildWith(env: NodeJS.ProcessEnv, script: string, ...args: string[]): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const run = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), '--tsconfig', path.join(root, 'tsconfig.node.json'), path.join(__dirname, script), ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...env },
    });
    let out = '';
    run.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    run.on('error', reject);
    run.on('exit', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0 || !line.startsWith('{')) return reject(new Error(`bench/${script} ${args.join(' ')} exited with ${code}: ${out.slice(-500)}`));
      resolve(JSON.parse(line) as Figures);
    });
  });
}
