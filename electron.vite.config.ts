import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { CONTENT_SECURITY_POLICY } from './src/shared/securityPolicy';

const alias = { '@shared': resolve(__dirname, 'src/shared') };

// The CSP goes into the built page only: Vite's dev server needs inline scripts for hot reload.
// frame-ancestors is ignored in a meta tag (Chromium warns), and Electron windows are never framed.
function contentSecurityPolicy(): Plugin {
  return {
    name: 'scout-csp',
    apply: 'build',
    transformIndexHtml: (html: string) =>
      html.replace('<head>', `<head>\n    <meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY.split("; ").filter((d) => !d.startsWith("frame-ancestors")).join("; ")}" />`),
  };
}

export default defineConfig({
  main: {
    resolve: { alias },
    build: {
      outDir: 'out/main',
      // p-queue ships only as an ES module; bundle it into the CommonJS main instead of require()-ing it.
      externalizeDeps: { exclude: ['p-queue'] },
      rollupOptions: {
        // index: the Electron host; serve: browser mode, the same services in plain Node; the worker
        // threads (src/main/platform/util/workerScript.ts): dbWorker, database work too long for main's event
        // loop (src/main/platform/cache/dbTasks.ts); sheetWorker, workbooks (src/main/platform/files/sheetWorkerClient.ts).
        input: {
          index: resolve(__dirname, 'src/main/index.ts'),
          serve: resolve(__dirname, 'src/main/serve.ts'),
          dbWorker: resolve(__dirname, 'src/main/platform/cache/dbWorker.ts'),
          sheetWorker: resolve(__dirname, 'src/main/platform/files/sheetWorker.ts'),
        },
      },
    },
  },
  preload: {
    resolve: { alias },
    build: { outDir: 'out/preload' },
  },
  renderer: {
    root: 'src/renderer',
    resolve: { alias },
    plugins: [react(), contentSecurityPolicy()],
    // Minified: the page's script is parsed at every start (a third of its unminified size);
    // echarts comes apart, with the first chart (shared/Chart.tsx, shared/chartSvg.ts). The page's
    // own script (React, every screen) is ~780 kB, which the default warning line of 500 calls big.
    build: { outDir: 'out/renderer', minify: true, chunkSizeWarningLimit: 900 },
  },
});
