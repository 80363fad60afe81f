import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { LESSON_PANE_MAX_WIDTH_PX, LESSON_PANE_MIN_WIDTH_PX } from '@turtle/shared/constants';

const KEY_STEP_PX = 20;

/**
 * product.md §2: the divider on the tutor pane's left edge. Dragging sets the pane's width (its right edge stays put); with
 * the keyboard, the arrows widen and narrow it. The width is clamped by the caller.
 */
export function PaneDivider({ width, onWidth }: { width: number; onWidth: (width: number) => void }) {
  const rightEdge = useRef(0);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const pane = event.currentTarget.parentElement;
    if (!pane || event.button !== 0) return;
    event.preventDefault();
    rightEdge.current = pane.getBoundingClientRect().right;
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (event.currentTarget.hasPointerCapture(event.pointerId)) onWidth(rightEdge.current - event.clientX);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const change = { ArrowLeft: KEY_STEP_PX, ArrowRight: -KEY_STEP_PX }[event.key];
    if (change === undefined) return;
    event.preventDefault();
    onWidth(width + change);
  };

  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label="Resize the tutor pane"
      aria-valuenow={width}
      aria-valuemin={LESSON_PANE_MIN_WIDTH_PX}
      aria-valuemax={LESSON_PANE_MAX_WIDTH_PX}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onKeyDown={onKeyDown}
      className="group absolute inset-y-0 -left-2 z-10 flex w-4 cursor-col-resize touch-none justify-center outline-none"
    >
      <span className="h-full w-px bg-slate-200 transition-colors group-hover:w-1 group-hover:bg-brand-300 group-focus-visible:w-1 group-focus-visible:bg-brand-600 group-active:bg-brand-500" />
    </div>
  );
}
