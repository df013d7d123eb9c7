// What a chart option promises a reader, as plain data: each axis (its name, whether every
// category is labelled, how a large tick reads), the legend's mode and the gauges' layout. The
// Chart wrapper puts it on its element (data-facts), so end-to-end tests check the drawn charts
// of every network for compact ticks, named axes, whole legends and every age group.

export interface AxisFacts {
  dim: 'x' | 'y';
  type: string;
  shown: boolean;
  name: string;
  /** How 1,234,567 reads on this axis ('1.2M'); null for category and time axes. */
  sample: string | null;
  /** A category axis labels every category (axisLabel.interval 0). */
  allCategories: boolean;
}

export interface ChartFacts {
  axes: AxisFacts[];
  legend: { type: string; orient: string } | null;
  gauges: { detailOffset: string; titleOffset: string }[];
}

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): Rec[] => (Array.isArray(v) ? v.filter(isRec) : isRec(v) ? [v] : []);

const SAMPLE = 1_234_567;

function sampleOf(axis: Rec): string | null {
  if (axis.type === 'category' || axis.type === 'time') return null;
  const formatter = isRec(axis.axisLabel) ? axis.axisLabel.formatter : undefined;
  try {
    if (typeof formatter === 'function') return String(formatter(SAMPLE, 0));
    if (typeof formatter === 'string') return formatter.replace('{value}', String(SAMPLE));
  } catch {
    return 'formatter failed';
  }
  return String(SAMPLE);
}

export function chartFacts(option: unknown): ChartFacts {
  const o = isRec(option) ? option : {};
  const axes: AxisFacts[] = [];
  for (const dim of ['x', 'y'] as const) {
    for (const axis of list(o[`${dim}Axis`])) {
      axes.push({
        dim,
        type: typeof axis.type === 'string' ? axis.type : 'value',
        shown: axis.show !== false,
        name: typeof axis.name === 'string' ? axis.name : '',
        sample: sampleOf(axis),
        allCategories: isRec(axis.axisLabel) && axis.axisLabel.interval === 0,
      });
    }
  }
  const legend = list(o.legend)[0];
  const gauges = list(o.series)
    .filter((s) => s.type === 'gauge')
    .map((s) => ({
      detailOffset: String((isRec(s.detail) && Array.isArray(s.detail.offsetCenter) ? s.detail.offsetCenter[1] : '') ?? ''),
      titleOffset: String((isRec(s.title) && Array.isArray(s.title.offsetCenter) ? s.title.offsetCenter[1] : '') ?? ''),
    }));
  return {
    axes,
    legend: legend ? { type: typeof legend.type === 'string' ? legend.type : 'plain', orient: typeof legend.orient === 'string' ? legend.orient : 'horizontal' } : null,
    gauges,
  };
}
