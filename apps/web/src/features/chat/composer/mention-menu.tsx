import { FileText, LoaderCircle, Plus } from 'lucide-react';
import {
  Children,
  cloneElement,
  createContext,
  isValidElement,
  useContext,
  useLayoutEffect,
  useRef,
  type ReactElement,
  type RefObject,
} from 'react';
import type { BeautifulMentionsMenuItemProps, BeautifulMentionsMenuProps } from 'lexical-beautiful-mentions';
import { cn } from '../../../lib/cn';

/** The composer box the menu is placed against. */
export const MentionMenuAnchorContext = createContext<RefObject<HTMLElement | null> | null>(null);

const GAP_PX = 6;
const VIEWPORT_MARGIN_PX = 8;

/** Places the (fixed) menu against the composer box: below it when it fits there, else above. */
function placeMenu(menu: HTMLElement, box: HTMLElement) {
  const rect = box.getBoundingClientRect();
  const width = Math.min(rect.width, 20 * 16, window.innerWidth - 2 * VIEWPORT_MARGIN_PX);
  const left = Math.min(Math.max(rect.left, VIEWPORT_MARGIN_PX), window.innerWidth - VIEWPORT_MARGIN_PX - width);
  menu.style.maxHeight = '';
  const height = menu.offsetHeight;
  const roomAbove = rect.top - GAP_PX - VIEWPORT_MARGIN_PX;
  const roomBelow = window.innerHeight - rect.bottom - GAP_PX - VIEWPORT_MARGIN_PX;
  // Below when it fits (a composer high on the page), else above (a chat composer at the bottom), else the roomier side.
  const above = roomBelow < height && (roomAbove >= height || roomAbove > roomBelow);
  menu.style.width = `${width}px`;
  menu.style.left = `${left}px`;
  menu.style.top = above
    ? `${Math.max(VIEWPORT_MARGIN_PX, rect.top - GAP_PX - height)}px`
    : `${rect.bottom + GAP_PX}px`;
  menu.style.maxHeight = `${Math.max(above ? roomAbove : roomBelow, 120)}px`;
  menu.dataset.placement = above ? 'above' : 'below';
}

/**
 * The mention menu (product.md §4): a caption, the suggestions, and "Loading..." while the notes load. Lexical puts it in
 * an element labelled "Typeahead menu" with the listbox role, and moves the editor's `aria-activedescendant` over the
 * options as the arrow keys select them.
 */
export function MentionMenu({ loading, children }: BeautifulMentionsMenuProps) {
  const anchor = useContext(MentionMenuAnchorContext);
  const menuRef = useRef<HTMLUListElement>(null);
  const options = Children.toArray(children).filter(isValidElement) as ReactElement<{ index?: number }>[];

  // Runs after every render: the options and the composer's height change as the user types.
  useLayoutEffect(() => {
    const menu = menuRef.current;
    const box = anchor?.current;
    if (!menu || !box) return;
    const place = () => placeMenu(menu, box);
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  });

  return (
    <ul
      ref={menuRef}
      role="presentation"
      className="animate-fade-in fixed z-50 overflow-y-auto overscroll-contain rounded-xl border border-slate-200 bg-white p-1 shadow-lg ring-1 ring-slate-900/5"
    >
      <li role="presentation" className="px-2.5 pt-1.5 pb-1 text-xs font-medium text-slate-500">
        Mention a note
      </li>
      {options.length === 0 && loading ? (
        <li role="presentation" className="flex items-center gap-2 px-2.5 py-2 text-sm text-slate-500">
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
          <span role="status">Loading...</span>
        </li>
      ) : (
        options.map((option, index) => cloneElement(option, { index }))
      )}
    </ul>
  );
}

/**
 * One suggestion: a note (its name) or, where creating is allowed, `Add "{text}"`. The id matches the
 * `aria-activedescendant` Lexical sets on the editor for the selected option.
 */
export function MentionMenuItem({
  ref,
  index,
  selected,
  item,
  onClick,
  onMouseDown,
  onMouseEnter,
}: BeautifulMentionsMenuItemProps & { index?: number }) {
  const creates = item.displayValue !== item.value;
  const Icon = creates ? Plus : FileText;
  return (
    <li
      ref={ref}
      id={index === undefined ? undefined : `typeahead-item-${index}`}
      role="option"
      aria-selected={selected}
      tabIndex={-1}
      onClick={onClick}
      onMouseDown={onMouseDown}
      onMouseEnter={onMouseEnter}
      className={cn(
        'flex min-h-10 cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm select-none',
        selected ? 'bg-brand-50 text-brand-900' : 'text-slate-700',
      )}
    >
      <Icon className={cn('size-4 shrink-0', selected ? 'text-brand-700' : 'text-slate-400')} aria-hidden="true" />
      <span className="min-w-0 truncate">{item.displayValue}</span>
    </li>
  );
}
