// Small helpers shared by the project's scripts (plain Node, no dependencies: bootstrap runs
// before node_modules exists).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const bin = (name) => path.join(root, 'node_modules', '.bin', name);

/** Runs a command with inherited output; resolves to its exit code (never rejects). */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: root, ...options });
    child.on('error', (error) => {
      process.stderr.write(`Scout: could not run ${command}: ${error.message}\n`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

/** The environment for child processes, without npm's nodedir (which would build native code for Node). */
export function envWithout(...names) {
  const env = { ...process.env };
  for (const name of names) delete env[name];
  return env;
}
