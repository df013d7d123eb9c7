// The one echarts wrapper: only the chart types Scout uses are bundled, the theme follows the
// OS, the chart follows its box's size, and it is disposed with its component.
import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, GaugeChart, LineChart, PieChart, ScatterChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { chartFacts } from './chartFacts';

echarts.use([BarChart, GaugeChart, LineChart, PieChart, ScatterChart, GridComponent, TooltipComponent, LegendComponent, DataZoomComponent, CanvasRenderer]);

export type ChartOption = echarts.EChartsCoreOption;

export function Chart({ option, label, height = 260 }: { option: ChartOption; label: string; height?: number }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const el = box.current!;
    const dark = window.matchMedia?.('(prefers-color-scheme: dark)').matches;
    const instance = echarts.init(el, dark ? 'dark' : undefined, { renderer: 'canvas' });
    chart.current = instance;
    // Tests and the page-ready benchmark wait for this: the canvas holds the finished drawing.
    instance.on('finished', () => {
      el.dataset.rendered = 'true';
    });
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (box.current) {
      box.current.dataset.rendered = 'false';
      box.current.dataset.facts = JSON.stringify(chartFacts(option));
    }
    chart.current?.setOption({ backgroundColor: 'transparent', animation: false, ...option }, true);
  }, [option]);

  // The canvas is a picture for sighted readers; the label says what it shows.
  return <div ref={box} className="chart" role="img" aria-label={label} style={{ height }} data-testid="chart" />;
}
