import { BeautifulMentionsPlugin } from 'lexical-beautiful-mentions';
import { useCallback } from 'react';
import { MENTION_MENU_ITEM_LIMIT } from '@turtle/shared/constants';
import type { Note } from '@turtle/shared/note';
import { MentionMenu, MentionMenuItem } from './mention-menu';
import { NOTE_MENTION_TRIGGER, suggestNotes, type NoteMentionItem } from './mention-suggestions';

/**
 * A search that never settles: the menu shows "Loading..." until the notes arrive, when the new `search` function
 * makes the plugin search again. Nothing keeps a reference to it, so it is collected.
 */
const untilNotesArrive = () => new Promise<NoteMentionItem[]>(() => {});

/**
 * Typing @ opens the menu of notes (product.md §4 "Mention menu"): up to 75 characters after the trigger, spaces allowed,
 * at most 5 suggestions; the chosen note becomes a mention token whose value is its name and whose data holds its id.
 * The search is local, so it runs at once (no 250 ms delay).
 */
export function NoteMentionsPlugin({
  notes,
  loading,
  creatable,
  onMenuOpenChange,
}: {
  notes: Note[];
  loading: boolean;
  creatable: boolean;
  onMenuOpenChange: (open: boolean) => void;
}) {
  const search = useCallback(
    (_trigger: string, query?: string | null) =>
      loading ? untilNotesArrive() : Promise.resolve(suggestNotes(notes, query)),
    [notes, loading],
  );
  const onMenuOpen = useCallback(() => onMenuOpenChange(true), [onMenuOpenChange]);
  const onMenuClose = useCallback(() => onMenuOpenChange(false), [onMenuOpenChange]);

  return (
    <BeautifulMentionsPlugin
      triggers={[NOTE_MENTION_TRIGGER]}
      onSearch={search}
      searchDelay={0}
      allowSpaces
      creatable={creatable ? 'Add "{{name}}"' : false}
      menuItemLimit={MENTION_MENU_ITEM_LIMIT}
      showCurrentMentionsAsSuggestions={false}
      insertOnBlur={false}
      menuComponent={MentionMenu}
      menuItemComponent={MentionMenuItem}
      onMenuOpen={onMenuOpen}
      onMenuClose={onMenuClose}
    />
  );
}
