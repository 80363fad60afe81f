/** The notes screens for the route table (product.md §2): dynamic imports, chunks of their own (decision 020). */
export const loadNotesScreen = () => import('./components/notes-screen');
export const loadNoteEditorScreen = () => import('./components/note-editor-screen');
