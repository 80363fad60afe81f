/*
 * Passages were written (a save, an import, a lesson): semantic search's background pass wakes to embed them
 * (docs/decisions/048-semantic-search.md). Called inside the writing transaction, so a listener waits a moment.
 */
const listeners = new Set<() => void>();

export function onPassagesWritten(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function passagesWritten(): void {
  for (const listener of listeners) listener();
}
