import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { LABEL_FONT_PX, layoutAxisLabels } from './axis-labels';

const HEIGHT = 180;
const AXIS_FONT = `${LABEL_FONT_PX}px system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif`;
const Y_AXIS_PX = 48;

let measureContext: CanvasRenderingContext2D | null | undefined;
/** A label's width in the axis font, in CSS pixels. */
function measureLabel(text: string): number {
  measureContext ??= document.createElement('canvas').getContext('2d');
  if (!measureContext) return text.length * 7;
  measureContext.font = AXIS_FONT;
  return measureContext.measureText(text).width;
}

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

/**
 * A bar chart drawn by uPlot (the one charting library, loaded only with the screens that draw charts: the learning
 * analytics and the operator console).
 */
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
    // The labels are laid out again for the width the plot has at each draw (a resize, a phone).
    let layout = layoutAxisLabels(labels, 0, measureLabel);
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
            font: AXIS_FONT,
            grid: { show: false },
            splits: (plot) => {
              const plotWidth = plot.bbox.width / uPlot.pxRatio || plot.width - Y_AXIS_PX;
              layout = layoutAxisLabels(labels, plotWidth / Math.max(1, labels.length), measureLabel);
              return xs.filter((index) => index % layout.every === 0);
            },
            values: (_plot, splits) => splits.map((index) => layout.text[index] ?? ''),
            rotate: () => layout.rotate,
            // The ticks and their gap (15 px), the labels, a little room below.
            size: () => 15 + layout.heightPx + 8,
          },
          {
            stroke: '#475569',
            font: AXIS_FONT,
            grid: { stroke: '#e2e8f0' },
            values: (_plot, splits) => splits.map(format),
            size: Y_AXIS_PX,
          },
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
