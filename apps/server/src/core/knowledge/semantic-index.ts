import type { SearchStatus, SemanticUse } from '@turtle/shared/search';
import type { Db } from '../../db/database';
import { EmbeddingFault, type Embed } from './embedding-client';
import { onPassagesWritten } from './passage-writes';
import {
  createVectorTable,
  embeddedText,
  embeddingProgress,
  passagesToEmbed,
  prepareVectorStore,
  storeVectors,
  vectorLiteral,
} from './vector-store';

export type { SemanticUse } from '@turtle/shared/search';

interface Log {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/** Passages a request to the model carries. */
export const EMBED_BATCH = 32;
/** Questions whose vectors are kept, so typing and a regenerated reply ask the model once. */
const QUESTIONS_KEPT = 200;
/** Between two looks for passages written by another server process, when no write of this one wakes the pass. */
const IDLE_LOOK_MS = 60_000;
/** After a write, so its transaction has committed when the pass reads. */
const AFTER_WRITE_MS = 300;

/**
 * Semantic search over the one index (docs/decisions/048-semantic-search.md): the model's vectors of the passages,
 * made in the background in batches (resumable: what has no vector is what is left), and the question's vector for
 * a search. When the model fails (down, slow, not JSON, vectors of the wrong size) search is keyword only and says
 * so, until `retryMs` has passed; nothing is lost, as what has no vector is embedded once the model is back.
 */
export class SemanticIndex {
  private state: 'starting' | 'off' | 'on' = 'starting';
  private dimensions: number | undefined;
  private failedAt = 0;
  private failure: string | undefined;
  private readonly questions = new Map<string, string>();
  private wake: (() => void) | undefined;
  private dirty = false;
  private readonly closing = new AbortController();
  /** How long semantic search rests after a failure before the model is asked again. */
  retryMs = 30_000;

  constructor(
    private readonly db: Db,
    private readonly embed: Embed,
    private readonly model: string,
    private readonly log: Log,
  ) {}

  /** Sets up the vectors' tables where pgvector is, and says once when semantic search is off. */
  async start(): Promise<void> {
    const prepared = await prepareVectorStore(this.db, this.model);
    if ('off' in prepared) {
      this.state = 'off';
      this.log.info(
        { reason: prepared.off },
        `search: semantic search is off: ${prepared.off}; serving keyword search`,
      );
      return;
    }
    this.dimensions = prepared.dimensions;
    this.state = 'on';
    this.log.info({ model: this.model }, 'search: semantic search is on');
  }

  get use(): SemanticUse {
    if (this.state !== 'on') return 'off';
    return this.resting() > 0 ? 'unavailable' : 'on';
  }

  /** The question's vector as pgvector's text, or why there is none (keyword search then). */
  async questionVector(question: string): Promise<{ vector?: string; semantic: SemanticUse }> {
    const use = this.use;
    if (use !== 'on') return { semantic: use };
    const kept = this.questions.get(question);
    if (kept !== undefined) return { vector: kept, semantic: 'on' };
    // No vector is held yet (the first batch has not been answered): nothing to compare with.
    if (this.dimensions === undefined) return { semantic: this.failure ? 'unavailable' : 'off' };
    try {
      const [vector] = await this.embed([question], this.closing.signal);
      this.checkSize(vector!);
      const literal = vectorLiteral(vector!);
      if (this.questions.size >= QUESTIONS_KEPT) this.questions.delete(this.questions.keys().next().value!);
      this.questions.set(question, literal);
      this.recovered();
      return { vector: literal, semantic: 'on' };
    } catch (error) {
      this.failed(error);
      return { semantic: 'unavailable' };
    }
  }

  async status(userId: string): Promise<SearchStatus> {
    const use = this.use;
    if (use === 'off') return { semantic: use };
    const progress = await embeddingProgress(this.db, userId, this.dimensions !== undefined);
    if (use === 'unavailable') return { semantic: use, ...progress };
    return progress.embedded < progress.total ? { semantic: 'preparing', ...progress } : { semantic: 'ready' };
  }

  /** Embeds what has no vector, batch by batch, then waits for writes; until `close`. */
  async run(): Promise<void> {
    if (this.state !== 'on') return;
    const stopWatching = onPassagesWritten(() => {
      this.dirty = true;
      setTimeout(() => this.wake?.(), AFTER_WRITE_MS).unref();
    });
    try {
      let after = '';
      while (!this.closing.signal.aborted) {
        const resting = this.resting();
        if (resting > 0) {
          // In short sleeps, so a shorter `retryMs` takes effect.
          await this.sleep(Math.min(resting, 1_000));
          continue;
        }
        const batch = await passagesToEmbed(this.db, after, EMBED_BATCH, this.dimensions !== undefined);
        if (batch.length === 0) {
          if (after === '' && !this.dirty) await this.sleep(IDLE_LOOK_MS);
          this.dirty = false;
          after = '';
          continue;
        }
        try {
          const vectors = await this.embed(batch.map(embeddedText), this.closing.signal);
          if (this.dimensions === undefined)
            this.dimensions = await createVectorTable(this.db, this.model, vectors[0]!.length);
          for (const vector of vectors) this.checkSize(vector);
          await storeVectors(
            this.db,
            batch.map((passage, at) => ({ id: passage.id, vector: vectors[at]! })),
          );
          after = batch.at(-1)!.id;
          this.recovered();
        } catch (error) {
          if (this.closing.signal.aborted) break;
          this.failed(error);
        }
      }
    } finally {
      stopWatching();
    }
  }

  close(): void {
    this.closing.abort();
    this.wake?.();
  }

  private checkSize(vector: number[]) {
    if (vector.length !== this.dimensions)
      throw new EmbeddingFault(
        'wrong-size',
        `vectors of ${vector.length} numbers where the index holds ${this.dimensions}`,
      );
  }

  private failed(error: unknown) {
    if (!(error instanceof EmbeddingFault)) throw error;
    if (this.failure === undefined)
      this.log.warn(
        { fault: error.fault, err: error.message },
        `search: semantic search is unavailable (${error.message}); keyword search meanwhile, retrying later`,
      );
    this.failure = error.message;
    this.failedAt = Date.now();
  }

  private recovered() {
    if (this.failure !== undefined) this.log.info({}, 'search: semantic search is back');
    this.failure = undefined;
    this.failedAt = 0;
  }

  /** How long semantic search still rests after its last failure. */
  private resting(): number {
    return this.failedAt === 0 ? 0 : this.failedAt + this.retryMs - Date.now();
  }

  private sleep(ms: number): Promise<void> {
    if (this.closing.signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}

const indexes = new WeakMap<object, SemanticIndex>();

/** The semantic index reads of `db` use (the search feature registers it when `EMBEDDING_MODEL` is set). */
export function registerSemanticIndex(db: Db, index: SemanticIndex): void {
  indexes.set(db, index);
}

export function semanticIndexOf(db: object): SemanticIndex | undefined {
  return indexes.get(db);
}
