// The few PostgreSQL wire-protocol messages the embedded database's thread writes itself, and errors carried across
// the thread boundary (a structured clone keeps an Error's message, not its `code` or `errno`).
import { errorCode, errorMessage } from '../../lib/error-code';

/** Sync ('S'): ends an extended query; the backend answers ReadyForQuery and leaves any failed state. */
export const SYNC = Uint8Array.of(0x53, 0, 0, 0, 4);

/** ReadyForQuery ('Z') with status idle ('I'). */
const READY_IDLE = Uint8Array.of(0x5a, 0, 0, 0, 5, 0x49);

/** Terminate ('X'): a client's goodbye. PGlite's one session must not end with a pool's connection. */
export function isTerminate(chunk: Uint8Array): boolean {
  return chunk.length === 5 && chunk[0] === 0x58;
}

function endsReadyForQuery(bytes: Uint8Array): boolean {
  const at = bytes.length - 6;
  return at >= 0 && bytes[at] === 0x5a && bytes[at + 4] === 5;
}

/**
 * An ErrorResponse ('E') for a failure that is not PostgreSQL's own: PGlite's file system throwing (a full or
 * read-only disk) or its WebAssembly aborting. Its SQLSTATE field holds what `errorCode` reads from the original
 * (`ENOSPC`, `EROFS`) and its message `errorMessage`'s (`Aborted(…)`), so node-postgres' DatabaseError answers both
 * as the original did: the 507 of a full disk and the start-up messages stay as they were.
 */
export function errorResponse(error: unknown): Uint8Array {
  const fields: [string, string][] = [
    ['S', 'ERROR'],
    ['V', 'ERROR'],
    ['C', errorCode(error) ?? 'XX000'],
    ['M', errorMessage(error)],
  ];
  const body = Buffer.concat([...fields.map(([type, text]) => Buffer.from(`${type}${text}\0`, 'utf8')), Buffer.of(0)]);
  const head = Buffer.alloc(5);
  head[0] = 0x45;
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

/** What follows an ErrorResponse: the backend's answer to a Sync, or an idle ReadyForQuery if it gave none. */
export function closingReady(afterSync: Uint8Array | undefined): Uint8Array {
  if (!afterSync) return READY_IDLE;
  return endsReadyForQuery(afterSync) ? afterSync : Buffer.concat([afterSync, READY_IDLE]);
}

export interface CarriedError {
  name?: string;
  message: string;
  /** The original's own fields that are plain values: `code`, `errno`, PostgreSQL's `severity`… */
  fields: Record<string, string | number | boolean>;
  cause?: CarriedError;
}

export function carryError(error: unknown, depth = 0): CarriedError {
  if (!error || typeof error !== 'object') return { message: String(error), fields: {} };
  const fields: CarriedError['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value as string | number | boolean;
  }
  const { name, cause } = error as { name?: unknown; cause?: unknown };
  return {
    name: typeof name === 'string' ? name : undefined,
    message: errorMessage(error),
    fields,
    cause: cause !== undefined && depth < 3 ? carryError(cause, depth + 1) : undefined,
  };
}

/** An Error with the carried name, message and fields, so `errorCode` and `isDiskFull` read it as the original. */
export function restoreError(carried: CarriedError): Error {
  const error = new Error(carried.message, carried.cause ? { cause: restoreError(carried.cause) } : undefined);
  Object.assign(error, carried.fields);
  if (carried.name) error.name = carried.name;
  return error;
}
