// `npm run serve [-- --port N --workspace demo|production]`: build, then browser mode.
import path from 'node:path';
import { bin, root, run } from './lib.mjs';

const args = process.argv.slice(2);
const noBuild = args.includes('--no-build');
const passThrough = args.filter((a) => a !== '--no-build');

if (!noBuild) {
  const built = await run(bin('electron-vite'), ['build', '--logLevel', 'warn']);
  if (built !== 0) process.exit(built);
}
process.exit(await run(process.execPath, [path.join(root, 'out/main/serve.js'), ...passThrough]));
