import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { GenerateDraftsResponse } from '@turtle/shared/cards-drafts';
import { Plan, Subscription } from '@turtle/shared/plans';
import { insertNote } from '../../src/core/notes/notes.repository';
import { cards } from '../../src/db/schema';
import { cardsClient, createChatReply } from './cards';
import { createSessionToken, createUser } from './factories';
import type { Things } from './fuzz-shape-parts';
import type { TestServer } from './test-server';

// The people of the endpoint fuzz test (fuzz-endpoints.test.ts), and what each owns before the requests.

export interface Person {
  userId: string;
  /** The session cookie's value. */
  token: string;
  plan: number;
}

/** For the routes whose requests name nothing a person owns. */
export const NOTHING: Things = {
  deckId: 'none',
  cardNoteId: 'none',
  cardId: 'none',
  noteId: 'none',
  conversationId: 'none',
  messageId: 'none',
  draftId: 'none',
  demoSessionId: 'none',
};

/** New people on `server`, each with the password whose hash `hashOfPassword` gives, and their things. */
export function fuzzPeople(server: TestServer, hashOfPassword: () => string) {
  /** Pro is a monthly subscription, so the plan and billing routes have one to change. */
  async function newPerson(plan: number = Plan.PRO): Promise<Person> {
    const db = server.database.db;
    const passwordHash = hashOfPassword();
    const membership =
      plan === Plan.PRO
        ? { plan, subscription: Subscription.MONTHLY, expireAt: Date.now() + 30 * 86_400_000 }
        : { plan, subscription: Subscription.LIFETIME, expireAt: -1 };
    const user = await createUser(db, { ...membership, passwordHash });
    return { userId: user.id, token: await createSessionToken(db, user.id), plan };
  }

  async function addNote(person: Person): Promise<string> {
    const now = Date.now();
    const id = randomUUID();
    await insertNote(server.database.db, {
      id,
      userId: person.userId,
      name: 'Compounding',
      content: 'Compound interest is interest earned on earlier interest. Starting early matters more than amounts.',
      createdAt: now,
      updatedAt: now,
      lastAccessAt: now,
    });
    return id;
  }

  /**
   * A note, a deleted one, a deck with a card graded once, a conversation with a reply, a card draft and, on Free, an
   * open demo checkout.
   */
  async function thingsOf(person: Person): Promise<Things> {
    const db = server.database.db;
    const client = cardsClient(server.url, person.token);
    const expectOk = async (path: string, json: unknown) => {
      const response = await client.call(path, json);
      if (response.status !== 200) throw new Error(`${path} answered ${response.status} ${response.text}`);
      return response.data;
    };
    const noteId = await addNote(person);
    const deck = await client.createDeck('Fuzzed');
    const { card } = await client.createCard(deck.id, { front: 'Front', back: 'Back' });
    const [reviewCard] = await db.select({ id: cards.id }).from(cards).where(eq(cards.noteId, card.id));
    await expectOk('/api/cards/review/grade', { cardId: reviewCard!.id, rating: 3, durationMs: 1000 });
    const chat = await createChatReply(db, person.userId, 'Index funds hold the whole market.');
    const drafted = (await expectOk('/api/cards/drafts/generate', {
      source: { kind: 'note', noteId },
    })) as GenerateDraftsResponse;
    let demoSessionId = 'none';
    if (person.plan === Plan.FREE) {
      const checkout = (await expectOk('/api/billing/checkout', { period: 'monthly' })) as { url: string };
      demoSessionId = new URL(checkout.url, server.url).searchParams.get('session')!;
    }
    return {
      deckId: deck.id,
      cardNoteId: card.id,
      cardId: reviewCard!.id,
      noteId,
      conversationId: chat.conversationId,
      messageId: chat.messageId,
      draftId: drafted.drafts[0]!.id,
      demoSessionId,
    };
  }

  return { newPerson, thingsOf };
}
