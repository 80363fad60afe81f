/** Space kept between two neighbouring labels, in CSS pixels. */
export const LABEL_GAP_PX = 4;
/** The axis font's size and its line height (uPlot draws lines 1.5 font sizes apart). */
export const LABEL_FONT_PX = 12;
export const LABEL_LINE_PX = 18;
/** More lines than this and a label is hard to read: the axis turns its labels instead. */
const MAX_LINES = 3;
const SLANT = Math.SQRT1_2; // sin 45° = cos 45°

export interface AxisLabelLayout {
  /** Show the label of every n-th bar (1: all of them). */
  every: number;
  /** Each label as drawn, its lines joined by "\n" (uPlot draws each line under the last). */
  text: string[];
  /** Degrees the labels are turned (uPlot's axis `rotate`): 0, or 45 when they only fit slanted. */
  rotate: 0 | 45;
  /** The height the labels take under the ticks, in CSS pixels. */
  heightPx: number;
}

/** Words on as few lines as fit `width`, or null when a word alone is wider or it takes too many lines. */
function wrap(label: string, width: number, measure: (text: string) => number): string[] | null {
  const lines: string[] = [];
  for (const word of label.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && measure(`${last} ${word}`) <= width) lines[lines.length - 1] = `${last} ${word}`;
    else if (measure(word) <= width) lines.push(word);
    else return null;
  }
  return lines.length <= MAX_LINES ? lines : null;
}

/**
 * How an x axis shows one label per bar in the width each bar has (`slotPx`), so no two labels touch, trying in
 * turn: all on one line; each wrapped at its spaces (a bucket like "3–12 months"); all turned 45° (months on a
 * phone); only every n-th label, on one line (30 or 365 dates).
 */
export function layoutAxisLabels(labels: string[], slotPx: number, measure: (text: string) => number): AxisLabelLayout {
  const room = slotPx - LABEL_GAP_PX;
  const widest = Math.max(0, ...labels.map(measure));
  if (widest <= room) return { every: 1, text: labels, rotate: 0, heightPx: LABEL_LINE_PX };
  const wrapped = labels.map((label) => wrap(label, room, measure));
  if (wrapped.every((lines) => lines !== null)) {
    const lines = Math.max(...wrapped.map((label) => label!.length));
    return { every: 1, text: wrapped.map((label) => label!.join('\n')), rotate: 0, heightPx: lines * LABEL_LINE_PX };
  }
  // Slanted labels stand `slot · sin 45°` apart across their lines, which must hold a line of text.
  if (slotPx * SLANT >= LABEL_FONT_PX + LABEL_GAP_PX / 2) {
    return { every: 1, text: labels, rotate: 45, heightPx: Math.ceil((widest + LABEL_FONT_PX) * SLANT) };
  }
  const every = slotPx > 0 ? Math.ceil((widest + LABEL_GAP_PX) / slotPx) : labels.length;
  return { every: Math.max(1, Math.min(every, labels.length)), text: labels, rotate: 0, heightPx: LABEL_LINE_PX };
}
