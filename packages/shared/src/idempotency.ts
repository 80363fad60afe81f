/**
 * Creates (a note; later a card, a conversation) may carry this header (decision 017): a retry after a lost
 * answer sends the same key and gets the first answer back instead of creating a second row.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** 1 to 128 visible ASCII characters; the web client sends a random UUID. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,128}$/;
