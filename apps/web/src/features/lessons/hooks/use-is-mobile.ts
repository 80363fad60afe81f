import { MOBILE_BREAKPOINT_PX } from '@turtle/shared/constants';
import { useMediaQuery } from '../../../lib/use-media-query';

const QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

/** product.md §9: a viewport under 768 px. */
export function useIsMobile(): boolean {
  return useMediaQuery(QUERY);
}
