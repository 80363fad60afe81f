import { useMediaQuery } from '../../../lib/use-media-query';

/** True on touch and other coarse-pointer devices, where Enter adds a line and only the button sends (product.md §2). */
export function useCoarsePointer(): boolean {
  return useMediaQuery('(pointer: coarse)');
}
