// A chart drawn for paper: the same echarts option the screen draws, rendered once to an SVG
// string at a fixed size (echarts' server-side SVG renderer, no DOM), with what only works on a
// screen (zoom sliders, tooltips, animation) left out. The print layout shows it as an <img>, so
// it scales to the page's width instead of being cut at its edge.
import * as echarts from 'echarts/core';
import { BarChart, GaugeChart, LineChart, PieChart, ScatterChart } from 'echarts/charts';
import { GridComponent, LegendComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { ChartOption } from './Chart';

echarts.use([BarChart, GaugeChart, LineChart, PieChart, ScatterChart, GridComponent, LegendComponent, SVGRenderer]);

/** The option as an SVG document of `width` × `height` (CSS pixels), light on white. */
export function chartSvg(option: ChartOption, width: number, height: number): string {
  const chart = echarts.init(null, undefined, { renderer: 'svg', ssr: true, width, height });
  try {
    // Without the slider a zoomable chart keeps its room at the bottom for the axis names instead.
    const { dataZoom: _zoom, tooltip: _tooltip, ...paper } = option as Record<string, unknown>;
    chart.setOption({ ...paper, backgroundColor: '#ffffff', animation: false, textStyle: { fontFamily: 'Helvetica, Arial, sans-serif' } }, true);
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}
