import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

const HEIGHT = 180;

export interface BarChartProps {
  /** One label per bar (dates, months, buckets). */
  labels: string[];
  values: (number | null)[];
  /** What the chart shows, for screen readers (the numbers are in the table beside it). */
  ariaLabel: string;
  color?: string;
  /** A horizontal line at this value (the desired retention), drawn as a second series. */
  reference?: { value: number; label: string };
  /** Formats the y axis and the hover value. */
  format?: (value: number) => string;
}

/** A bar chart drawn by uPlot (the one charting library, loaded only with the analytics screen). */
export function BarChart({ labels, values, ariaLabel, color = '#0f766e', reference, format = String }: BarChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const xs = labels.map((_, index) => index);
    const series: uPlot.Series[] = [
      {},
      {
        label: 'value',
        fill: color,
        stroke: color,
        width: 0,
        paths: uPlot.paths.bars!({ size: [0.75, 48], gap: 1 }),
        points: { show: false },
        value: (_plot, value) => (value === null ? '–' : format(value)),
      },
    ];
    const data: uPlot.AlignedData = [xs, values];
    if (reference) {
      series.push({ label: reference.label, stroke: '#b45309', width: 2, dash: [6, 4], points: { show: false } });
      data.push(xs.map(() => reference.value));
    }
    const labelEvery = Math.max(1, Math.ceil(labels.length / 8));
    const plot = new uPlot(
      {
        width: Math.max(200, element.clientWidth),
        height: HEIGHT,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: {
          x: { time: false, range: [-0.5, Math.max(0.5, labels.length - 0.5)] },
          y: { range: (_u, _min, max) => [0, Math.max(1, max) * 1.1] },
        },
        axes: [
          {
            stroke: '#475569',
            grid: { show: false },
            splits: () => xs.filter((index) => index % labelEvery === 0),
            values: (_plot, splits) => splits.map((index) => labels[index] ?? ''),
          },
          { stroke: '#475569', grid: { stroke: '#e2e8f0' }, values: (_plot, splits) => splits.map(format), size: 48 },
        ],
        series,
      },
      data,
      element,
    );
    const observer = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(200, element.clientWidth), height: HEIGHT }),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [labels, values, color, reference, format]);
  return <div ref={box} role="img" aria-label={ariaLabel} className="w-full overflow-hidden" />;
}
