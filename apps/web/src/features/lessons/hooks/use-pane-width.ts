import { useCallback, useState } from 'react';
import {
  LESSON_PANE_DEFAULT_WIDTH_PX,
  LESSON_PANE_MAX_WIDTH_PX,
  LESSON_PANE_MIN_WIDTH_PX,
} from '@turtle/shared/constants';

export const clampPaneWidth = (width: number) =>
  Math.round(Math.min(LESSON_PANE_MAX_WIDTH_PX, Math.max(LESSON_PANE_MIN_WIDTH_PX, width)));

/** product.md §2: the tutor pane's width, 750 px at first, kept between 300 and 900 px however it is dragged. */
export function usePaneWidth(): [number, (width: number) => void] {
  const [width, setWidth] = useState(LESSON_PANE_DEFAULT_WIDTH_PX);
  const set = useCallback((next: number) => setWidth(clampPaneWidth(next)), []);
  return [width, set];
}
