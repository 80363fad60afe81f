import * as ScrollAreaPrimitive from '@radix-ui/react-scroll-area';
import type { HTMLAttributes, ReactNode, Ref } from 'react';
import { SCROLLBAR_AUTO_HIDE_DELAY_MS } from '@turtle/shared/constants';
import { cn } from '../../lib/cn';

export interface ScrollAreaProps extends Omit<HTMLAttributes<HTMLDivElement>, 'className' | 'children'> {
  children: ReactNode;
  /** The area's own box: its size and place in its parent. */
  className?: string;
  /** The element that scrolls (the viewport), which also takes every other prop: `onScroll`, `role`, `aria-*`, `tabIndex`. */
  viewportRef?: Ref<HTMLDivElement>;
  viewportClassName?: string;
  /** The element around the children, whose size Radix measures for the thumb (a plain block, as wide as the viewport). */
  contentRef?: Ref<HTMLDivElement>;
  contentClassName?: string;
}

/**
 * A vertically scrolling area with an overlay scrollbar (product.md §9; Radix ScrollArea, type "scroll"): the
 * scrollbar shows while the area scrolls (or while the pointer is on it) and hides SCROLLBAR_AUTO_HIDE_DELAY_MS after
 * the scrolling stops; Radix keeps its thumb at least SCROLLBAR_THUMB_MIN_SIZE_PX (18 px) long. The viewport is a
 * real scroll container with the browser's own scrollbar hidden, so the wheel, touch, the keyboard and screen readers
 * scroll it as before; give it the role, label and tabIndex the list needs.
 */
export function ScrollArea({
  children,
  className,
  viewportRef,
  viewportClassName,
  contentRef,
  contentClassName,
  style,
  ...viewportProps
}: ScrollAreaProps) {
  return (
    <ScrollAreaPrimitive.Root
      type="scroll"
      scrollHideDelay={SCROLLBAR_AUTO_HIDE_DELAY_MS}
      data-slot="scroll-area"
      className={cn('relative overflow-hidden', className)}
    >
      <ScrollAreaPrimitive.Viewport
        {...viewportProps}
        ref={viewportRef}
        data-slot="scroll-area-viewport"
        disableImplicitContentElement
        className={cn(
          // Radix hides the native scrollbar with a <style> of its own; these hide it should that be kept out.
          'h-full w-full [scrollbar-width:none] [&::-webkit-scrollbar]:hidden',
          viewportClassName,
        )}
        // Vertical only. `auto` rather than Radix's `scroll`/`hidden`: a scroll container from the first render on,
        // before Radix's scrollbar has mounted (the native scrollbar is hidden either way).
        style={{ ...style, overflowX: 'hidden', overflowY: 'auto' }}
      >
        <ScrollAreaPrimitive.Content
          ref={contentRef}
          data-slot="scroll-area-content"
          className={contentClassName}
          // Radix's `display: table` lets wide children (code blocks, tables) stretch the content past the viewport
          // instead of scrolling inside their own boxes; a block is as wide as the viewport.
          style={{ display: 'block' }}
        >
          {children}
        </ScrollAreaPrimitive.Content>
      </ScrollAreaPrimitive.Viewport>
      <ScrollAreaPrimitive.Scrollbar
        orientation="vertical"
        data-slot="scroll-area-scrollbar"
        className="z-20 flex w-2.5 touch-none p-0.5 transition-opacity duration-150 select-none starting:opacity-0"
      >
        <ScrollAreaPrimitive.Thumb
          data-slot="scroll-area-thumb"
          className="relative flex-1 rounded-full bg-slate-400/70 hover:bg-slate-500/80"
        />
      </ScrollAreaPrimitive.Scrollbar>
    </ScrollAreaPrimitive.Root>
  );
}
