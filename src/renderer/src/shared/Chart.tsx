// The one echarts wrapper: only the chart types Scout uses are bundled (echartsCanvas.ts, loaded
// with the first chart, so the first page draws without it), the theme follows the OS (live), the chart
// follows its box's size, and it is disposed with its component. The box is there at once, at its
// size: nothing moves when the drawing arrives.
import { useEffect, useRef, useState } from 'react';
import type { ECharts, EChartsCoreOption } from 'echarts/core';
import { chartFacts } from './chartFacts';

export type ChartOption = EChartsCoreOption;

const loadEcharts = () => import('./echartsCanvas').then((m) => m.echarts);

export function Chart({ option, label, height = 260 }: { option: ChartOption; label: string; height?: number }) {
  const box = useRef<HTMLDivElement>(null);
  // Null until echarts has arrived and drawn into the box.
  const [chart, setChart] = useState<ECharts | null>(null);

  useEffect(() => {
    const el = box.current!;
    let gone = false;
    let made: ECharts | null = null;
    let observer: ResizeObserver | null = null;
    const scheme = window.matchMedia?.('(prefers-color-scheme: dark)');
    // The OS switched between light and dark while the chart is open: its axes and grid follow.
    const followScheme = () => {
      if (!made) return;
      made.setTheme(scheme?.matches ? 'dark' : 'default');
      el.dataset.scheme = scheme?.matches ? 'dark' : 'light';
    };
    void loadEcharts().then((echarts) => {
      if (gone) return;
      made = echarts.init(el, scheme?.matches ? 'dark' : undefined, { renderer: 'canvas' });
      el.dataset.scheme = scheme?.matches ? 'dark' : 'light';
      scheme?.addEventListener('change', followScheme);
      // Tests and the page-ready benchmark wait for this: the canvas holds the finished drawing.
      made.on('finished', () => {
        el.dataset.rendered = 'true';
      });
      const instance = made;
      observer = new ResizeObserver(() => instance.resize());
      observer.observe(el);
      setChart(made);
    });
    return () => {
      gone = true;
      scheme?.removeEventListener('change', followScheme);
      observer?.disconnect();
      made?.dispose();
    };
  }, []);

  useEffect(() => {
    if (box.current) {
      box.current.dataset.rendered = 'false';
      box.current.dataset.facts = JSON.stringify(chartFacts(option));
    }
    chart?.setOption(drawn(option), true);
  }, [option, chart]);

  // The canvas is a picture for sighted readers; the label says what it shows.
  return <div ref={box} className="chart" role="img" aria-label={label} style={{ height }} data-testid="chart" />;
}

const drawn = (option: ChartOption): ChartOption => ({ backgroundColor: 'transparent', animation: false, ...option });
