import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { applyAdminEmails } from '../apps/server/src/core/identity/administrators';
import { replyUsageDays } from '../apps/server/src/core/assistant/assistant.tables';
import { lessonProgress } from '../apps/server/src/features/lessons/lessons.tables';
import { createSessionToken, createUser } from '../apps/server/test/support/factories';
import { uniqueEmail } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DESKTOP, useE2eApp } from './support/e2e-app';

// The people list sorts by every column from its header (docs/decisions/037-administrators.md "The people list at
// scale"): a first click sorts most first, a second least first.
const BOSS = uniqueEmail('boss');
const app = useE2eApp({ env: { ADMIN_EMAILS: BOSS } });
const tag = randomUUID().slice(0, 8);
let bossId: string;

beforeAll(async () => {
  const db = app.server.database.db;
  bossId = (await createUser(db, { name: 'Boss', email: BOSS })).id;
  expect(await applyAdminEmails(db, app.server.config.adminEmails)).toBe(1);
  const day = new Date().toISOString().slice(0, 10);
  for (const [index, name] of ['Ann', 'Bob', 'Cy'].entries()) {
    const person = await createUser(db, { name: `${name} ${tag}`, email: uniqueEmail(name.toLowerCase()) });
    // Ann starts one lesson and asks three replies, Bob two and two, Cy three and one.
    const lessons = [1, 2, 3][index]!;
    await db
      .insert(lessonProgress)
      .values(
        Array.from({ length: lessons }, (_, n) => ({ userId: person.id, lessonId: String(n + 1), updatedAt: 1 })),
      );
    await db.insert(replyUsageDays).values({
      day,
      userId: person.id,
      model: 'offline',
      plan: 0,
      replies: [3, 2, 1][index]!,
      promptTokens: 1,
      completionTokens: 1,
      estimated: 0,
    });
  }
});

describe('the people list', () => {
  it('sorts by lessons and by replies this month from the column headers', async () => {
    const { page, context } = await app.newPage({ viewport: DESKTOP });
    const token = await createSessionToken(app.server.database.db, bossId);
    await context.addCookies([{ name: 'sid', value: token, url: app.url, httpOnly: true, sameSite: 'Lax' }]);
    await page.goto('/admin');
    await page.getByLabel('Search by name or email').fill(tag);
    const people = page.locator('section[aria-labelledby="people-heading"]');
    const names = () => people.locator('tbody tr td:first-child').allTextContents();
    await expect.poll(names).toHaveLength(3);

    const lessons = people.getByRole('columnheader', { name: 'Lessons' });
    await lessons.getByRole('button').click();
    await expect.poll(names).toEqual([`Cy ${tag}`, `Bob ${tag}`, `Ann ${tag}`]);
    expect(await lessons.getAttribute('aria-sort')).toBe('descending');
    await lessons.getByRole('button').click();
    await expect.poll(names).toEqual([`Ann ${tag}`, `Bob ${tag}`, `Cy ${tag}`]);
    expect(await lessons.getAttribute('aria-sort')).toBe('ascending');

    const replies = people.getByRole('columnheader', { name: 'Replies this month' });
    await replies.getByRole('button').click();
    await expect.poll(names).toEqual([`Ann ${tag}`, `Bob ${tag}`, `Cy ${tag}`]);
    expect(await replies.getAttribute('aria-sort')).toBe('descending');
    expect(await lessons.getAttribute('aria-sort')).toBe('none');
    await expectNoSeriousA11yViolations(page, '/admin sorted at 1280 px');
    expect(app.pageErrors).toEqual([]);
  });
});
