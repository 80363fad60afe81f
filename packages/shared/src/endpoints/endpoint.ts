import type { z } from '../zod';

/**
 * One client-server contract (docs/api.md "The endpoint table"): each endpoint is an entry of a table in this
 * folder, with its method, path, body encoding and the types of its body, query, path parameters and answer. The
 * server registers its route from the entry (`apps/server/src/lib/route.ts`) and the client calls it through the
 * same entry (`api.call` in `apps/web/src/lib/api-client.ts`), so a changed shape fails to compile on both sides.
 *
 * The entries hold no zod at run time (their schemas are named as types only): the landing page and the first
 * screens import them, and must not load zod (docs/decisions/004-landing-bundle-budget.md, decision 030). The
 * schemas that check each input are bound to the entries beside them, in `<table>.schemas.ts`, for the server.
 */

export type HttpMethod = 'GET' | 'POST';

/** How a body travels; the route refuses any other with 415 (`config.accepts`, docs/api.md "Conventions"). */
export type BodyEncoding = 'json' | 'form' | 'binary';

/**
 * What an endpoint answers: `json` (the default) its `response`; `stream` the assistant's event stream
 * (`shared/chat-stream-events.ts`); `file` a download (captions, an export); `page` an HTML page or a redirect for
 * a browser window (the sign-in popup); `webhook` a provider's call, never made by our client.
 */
export type AnswerKind = 'json' | 'stream' | 'file' | 'page' | 'webhook';

/** A body that is a file's bytes (`encoding: 'binary'`): a Blob from the browser, a Buffer on the server. */
export interface FileUpload {
  readonly fileUpload: true;
}

/** The types an endpoint takes and answers: zod schemas for its inputs, a type for its answer. */
export interface Shapes {
  body?: z.ZodType | FileUpload;
  query?: z.ZodType;
  params?: z.ZodType;
  /** A `json` endpoint's answer (another kind's JSON answer, where it has one). */
  response?: unknown;
}

export interface Endpoint {
  readonly method: HttpMethod;
  /** As the route is registered: `:name` marks a path parameter. */
  readonly path: `/api/${string}`;
  /** `json` when absent. */
  readonly kind?: AnswerKind;
  /** Required with a body. */
  readonly encoding?: BodyEncoding;
  /** Accepts an `Idempotency-Key` (docs/api.md "Conventions", decision 017). */
  readonly idempotent?: true;
  /** Types only, never a value: see `endpointTable` and `shapes()`. */
  readonly shapes?: Shapes;
}

/** What an entry says beside its method and path. */
export interface EntryOptions {
  readonly kind?: AnswerKind;
  readonly encoding?: BodyEncoding;
  readonly idempotent?: true;
}

type ApiPath = Endpoint['path'];

/** A GET entry: `get('/api/note/list')`, or `get('/api/cards/export', { kind: 'file' })`. */
export function get<const P extends ApiPath, const O extends EntryOptions = object>(path: P, options?: O) {
  return { method: 'GET', path, ...options } as { readonly method: 'GET'; readonly path: P } & O;
}

/** A POST entry: `post('/api/note/save', { encoding: 'json', idempotent: true })`. */
export function post<const P extends ApiPath, const O extends EntryOptions = object>(path: P, options?: O) {
  return { method: 'POST', path, ...options } as { readonly method: 'POST'; readonly path: P } & O;
}

/**
 * A table whose types are named once, an entry's name to what it takes and answers, beside its entries:
 * `endpointTable<NoteShapes>()({ list: get('/api/note/list'), … })`. An entry missing from either, or one too many,
 * fails to compile.
 */
export function endpointTable<S extends { [K in keyof S]: Shapes }>() {
  return <const T extends { readonly [K in keyof S]: Omit<Endpoint, 'shapes'> }>(
    table: [Exclude<keyof T, keyof S>] extends [never] ? T : { readonly [K in Exclude<keyof T, keyof S>]: never },
  ) => table as unknown as TableWithShapes<T, S>;
}

/** Each entry of `T` with its types from `S`. */
type TableWithShapes<T, S> = { readonly [K in keyof T]: Omit<T[K], 'shapes'> & { readonly shapes?: S[K & keyof S] } };

/**
 * An entry that names its own types, in a table made with `defineEndpoints`:
 * `shapes: shapes<{ body: typeof SaveNoteBodySchema; response: SaveNoteResponse }>()`. `endpointTable` names them
 * once for the whole table instead.
 */
export function shapes<S extends Shapes>(): S | undefined {
  return undefined;
}

/** A table of endpoints, its literal types kept (method, path, encoding, kind and shapes). */
export function defineEndpoints<const T extends Record<string, Endpoint>>(table: T): T {
  return table;
}

export type ShapesOf<E extends Endpoint> = NonNullable<E['shapes']>;
export type KindOf<E extends Endpoint> = E extends { kind: infer K extends AnswerKind } ? K : 'json';
export type ResponseOf<E extends Endpoint> = ShapesOf<E> extends { response: infer R } ? R : undefined;

type InputName = 'body' | 'query' | 'params';
type DeclaredInputs<E extends Endpoint> = Extract<keyof ShapesOf<E>, InputName>;

/**
 * What a caller sends (`z.input` of each schema): the client's side. `File` is what a file body is there (a Blob).
 */
export type InputOf<E extends Endpoint, File> = {
  [K in DeclaredInputs<E>]: ShapesOf<E>[K] extends z.ZodType
    ? z.input<ShapesOf<E>[K]>
    : ShapesOf<E>[K] extends FileUpload
      ? File
      : never;
};

/** What a handler gets once its schemas have passed (`z.output`): the server's side. `File` is a Buffer there. */
export type ParsedInputOf<E extends Endpoint, File> = {
  [K in DeclaredInputs<E>]: ShapesOf<E>[K] extends z.ZodType
    ? z.output<ShapesOf<E>[K]>
    : ShapesOf<E>[K] extends FileUpload
      ? File
      : never;
};

/** The schemas that check an endpoint's inputs: exactly those its shapes declare (a file body needs none). */
export type InputSchemasOf<E extends Endpoint> = {
  [K in DeclaredInputs<E> as ShapesOf<E>[K] extends z.ZodType ? K : never]: ShapesOf<E>[K];
};
