import { NOTE_CONTENT_MAX_LENGTH, NOTE_TITLE_MAX_LENGTH } from '@turtle/shared/constants';

/** What the editor holds: the title and the text as typed (the server trims the title on save). */
export interface NoteDraft {
  name: string;
  content: string;
}

export const EMPTY_DRAFT: NoteDraft = { name: '', content: '' };

/** product.md §5: nothing to save while both the title and the content are blank after trimming. */
export function isBlankDraft(draft: NoteDraft): boolean {
  return draft.name.trim() === '' && draft.content.trim() === '';
}

/** rules.md "Notes": the server refuses a title over 200 characters or content over 200,000 ("Note is too long"). */
export function isTooLong(draft: NoteDraft): boolean {
  return draft.name.length > NOTE_TITLE_MAX_LENGTH || draft.content.length > NOTE_CONTENT_MAX_LENGTH;
}

/** The save button is enabled only for a draft the server would accept, and not while a save runs. */
export function canSave(draft: NoteDraft, saving: boolean): boolean {
  return !saving && !isBlankDraft(draft) && !isTooLong(draft);
}

/** Whether leaving would lose something: the draft differs from what was loaded (or from nothing, for a new note). */
export function hasUnsavedChanges(draft: NoteDraft, saved: NoteDraft): boolean {
  return draft.name !== saved.name || draft.content !== saved.content;
}
