// A chart for paper (chartSvgDraw.ts draws it: echarts' SVG renderer, loaded apart from the
// page), and the picture's address for the print layout's <img>.

/** The SVG as an address an <img> can show (the page's policy allows data: images). */
export const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

import type * as PaperCharts from './chartSvgDraw';

// Loaded apart from the page (echarts is a third of its script): a comparison loads it when it
// opens, so a print asked for any time after finds it here, ready to draw synchronously.
let loaded: typeof PaperCharts | null = null;

/** Loads the paper renderer (once); resolves when `paperCharts()` has it. */
export function loadPaperCharts(): Promise<void> {
  return import('./chartSvgDraw').then((m) => void (loaded = m));
}

/** The paper renderer, or null while it loads. */
export function paperCharts(): typeof PaperCharts | null {
  return loaded;
}
