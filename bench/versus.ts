// `npm run bench -- --compare <commit> [--rounds 2] [--only page …]`: the figures of another
// commit and of this tree, measured on this machine in one run, in turns (old, new, old, new …),
// so a slip is seen beside the figure it slipped from rather than against a note of last month.
// The other commit is checked out in a temporary git worktree (sharing this node_modules) and
// built there; each turn is a child `bench/run.ts --json -` of its tree. Figures only one side
// has are shown with the other blank.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Figures } from './cache';

const root = path.resolve(__dirname, '..');

function git(args: string[], cwd = root): string {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr.trim()}`);
  return result.stdout.trim();
}

/** One bench run of `tree` as a child process; its figures (a failed group leaves its figures out). */
function benchOnce(tree: string, only: readonly string[]): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const args = [path.join(root, 'node_modules/tsx/dist/cli.mjs'), '--tsconfig', path.join(tree, 'tsconfig.node.json'), path.join(tree, 'bench/run.ts'), '--json', '-', ...only.flatMap((g) => ['--only', g])];
    const child = spawn(process.execPath, args, { cwd: tree, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', () => {
      const start = out.indexOf('{');
      try {
        resolve(JSON.parse(out.slice(start)) as Figures);
      } catch {
        reject(new Error(`the bench of ${tree} printed no figures (see above)`));
      }
    });
  });
}

const median = (values: number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const shown = (value: number | null) => (value === null ? '' : value >= 100 ? value.toFixed(0) : value.toFixed(3));

export async function compareWith(ref: string, options: { rounds: number; only: readonly string[]; json?: string }): Promise<void> {
  const commit = git(['rev-parse', '--verify', `${ref}^{commit}`]);
  const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-bench-old-'));
  process.stderr.write(`bench: checking out ${commit.slice(0, 10)} in ${tree}…\n`);
  git(['worktree', 'add', '--detach', '--force', tree, commit]);
  try {
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(tree, 'node_modules'), 'dir');
    const build = (cwd: string) => {
      const result = spawnSync(process.execPath, [path.join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build', '--logLevel', 'warn'], { cwd, stdio: 'inherit' });
      if (result.status !== 0) throw new Error(`bench: the build of ${cwd} failed`);
    };
    // Both sides measure the app as built from their own sources.
    build(tree);
    build(root);
    const old: Figures[] = [];
    const now: Figures[] = [];
    for (let round = 1; round <= options.rounds; round++) {
      process.stderr.write(`bench: round ${round} of ${options.rounds}: ${commit.slice(0, 10)}\n`);
      old.push(await benchOnce(tree, options.only));
      process.stderr.write(`bench: round ${round} of ${options.rounds}: this tree\n`);
      now.push(await benchOnce(root, options.only));
    }
    const names = [...new Set([...old.flatMap(Object.keys), ...now.flatMap(Object.keys)])];
    const of = (runs: Figures[], name: string) => median(runs.map((f) => f[name]).filter((v): v is number => typeof v === 'number'));
    const rows = names.map((name) => ({ name, old: of(old, name), now: of(now, name) }));
    const width = Math.max(...names.map((n) => n.length), 6);
    process.stdout.write(`Scout benchmarks, ${commit.slice(0, 10)} against this tree (median of ${options.rounds} round(s), ${os.cpus().length} cores)\n`);
    process.stdout.write(`${'figure'.padEnd(width)}  ${'old'.padStart(10)}  ${'new'.padStart(10)}  new/old\n`);
    for (const r of rows) {
      const ratio = r.old !== null && r.now !== null && r.old !== 0 ? (r.now / r.old).toFixed(2) : '';
      process.stdout.write(`${r.name.padEnd(width)}  ${shown(r.old).padStart(10)}  ${shown(r.now).padStart(10)}  ${ratio}\n`);
    }
    if (options.json) fs.writeFileSync(options.json, JSON.stringify({ old: { commit, rounds: old }, new: { rounds: now } }, null, 2) + '\n');
  } finally {
    git(['worktree', 'remove', '--force', tree]);
  }
}
