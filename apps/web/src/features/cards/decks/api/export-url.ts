/** `GET /api/cards/export`: a download link (the browser sends the session cookie). */
export function exportUrl(format: 'csv' | 'apkg', deckId?: string): string {
  const query = new URLSearchParams({ format });
  if (deckId) query.set('deckId', deckId);
  return `/api/cards/export?${query}`;
}
