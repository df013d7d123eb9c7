// No runtime import cycle anywhere in src (issue 38): a cycle makes a module's exports undefined
// while the other half of the loop is still loading, an error that shows only at run time and
// depends on which file is imported first. Type-only imports are erased by TypeScript and do not
// count (dpdm's `transform`). The check is proven to fire on a small cycle it is handed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseCircular, parseDependencyTree } from 'dpdm';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..');

async function cycles(cwd: string, entries: string[], tsconfig?: string): Promise<string[][]> {
  const tree = await parseDependencyTree(entries, { cwd, context: cwd, transform: true, ...(tsconfig ? { tsconfig } : {}) });
  return parseCircular(tree);
}

describe('import cycles', () => {
  it('main, preload, shared and the simulator import in one direction, with no loop', async () => {
    expect(await cycles(root, ['src/main/**/*.ts', 'src/preload/**/*.ts', 'src/shared/**/*.ts', 'src/simulator/**/*.ts'], path.join(root, 'tsconfig.node.json'))).toEqual([]);
  }, 120_000);

  it('the renderer imports in one direction, with no loop', async () => {
    expect(await cycles(root, ['src/renderer/src/**/*.ts', 'src/renderer/src/**/*.tsx'], path.join(root, 'tsconfig.web.json'))).toEqual([]);
  }, 120_000);

  it('finds a loop of runtime imports, and not one of type-only imports', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-cycles-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
      fs.writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
      fs.writeFileSync(path.join(dir, 'c.ts'), "import type { D } from './d';\nexport type C = D;\n");
      fs.writeFileSync(path.join(dir, 'd.ts'), "import type { C } from './c';\nexport type D = { c?: C };\n");
      const found = await cycles(dir, ['*.ts']);
      expect(found).toHaveLength(1);
      expect([...found[0]!].sort()).toEqual(['a.ts', 'b.ts']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
