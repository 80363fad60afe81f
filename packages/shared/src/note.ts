import { z } from './zod';
import { safeText } from './text';

/** product.md §3 "Note": times are milliseconds since the epoch. */
export const NoteSchema = z.object({
  id: z.string(),
  name: z.string(),
  content: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  lastAccessAt: z.number(),
});
export type Note = z.infer<typeof NoteSchema>;

export const UNTITLED_NOTE_NAME = 'Untitled Note';
export const NOTE_TOO_LONG_MESSAGE = 'Note is too long';

/**
 * `POST /api/note/save`: a note without `id` is new; with one, it must be the caller's. Lengths are checked by the
 * server after this schema (413 "Note is too long", rules.md "Notes"), so this only fixes the shape.
 */
export const SaveNoteBodySchema = z.object({
  note: z.object(
    {
      id: safeText({ error: 'A note id must be text.' }).min(1).max(100).optional(),
      name: safeText({ error: 'A note title must be text.' }),
      content: safeText({ error: 'A note body must be text.' }),
      /**
       * The `updatedAt` the editor's text is based on (autosave): when the note changed elsewhere since, the save is
       * refused with 409 instead of overwriting that change.
       */
      baseUpdatedAt: z.number({ error: 'baseUpdatedAt must be a time in milliseconds.' }).int().min(0).optional(),
    },
    { error: 'Send the note to save.' },
  ),
});
export type SaveNoteBody = z.infer<typeof SaveNoteBodySchema>;

export const NoteIdSchema = safeText({ error: 'Send the id of the note.' }).min(1, 'Send the id of the note.').max(100);
export const DeleteNoteBodySchema = z.object({ id: NoteIdSchema });
export const NOTE_CHANGED_ELSEWHERE_MESSAGE =
  'This note was changed somewhere else since you opened it. Your text is still here: copy it, then reload the note.';
export const GetNoteQuerySchema = z.object({ id: NoteIdSchema });

export interface SaveNoteResponse {
  savedNote: Note;
}
export interface ListNotesResponse {
  notes: Note[];
}
export interface GetNoteResponse {
  note: Note;
}
export interface DeleteNoteResponse {
  ok: true;
}

/** product.md §5: a blank title is saved as "Untitled Note"; the title is trimmed, the content is not. */
export function noteNameToSave(name: string): string {
  return name.trim() || UNTITLED_NOTE_NAME;
}
