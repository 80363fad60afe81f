import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { NextCardResponse } from '@turtle/shared/cards-review';
import { Plan } from '@turtle/shared/plans';
import { ankiCollection, ankiPackage } from '../apps/server/test/support/anki-package';
import { call } from '../apps/server/test/support/http';
import { createCardViaApi } from './support/cards';
import { useE2eApp } from './support/e2e-app';

const app = useE2eApp();
const PRO = { name: 'Anki mover', plan: Plan.PRO, expireAt: -1 };
const DAY = 86_400_000;

async function upload(page: Page, name: string, bytes: Uint8Array) {
  await page.goto('/cards');
  await page.getByRole('link', { name: 'Import from Anki (.apkg)' }).click();
  await page.getByRole('heading', { name: 'Import from Anki' }).waitFor();
  await page
    .getByLabel('Anki package (.apkg)')
    .setInputFiles({ name, mimeType: 'application/octet-stream', buffer: Buffer.from(bytes) });
}

describe('bringing an Anki collection', () => {
  it('a package exported by Turtle comes in with its history', async () => {
    const source = await app.newPage({ signedIn: { name: 'Exporter' } });
    await createCardViaApi(app.url, source.sessionToken!, 'Portuguese', {
      kind: 'basic',
      front: 'obrigado',
      back: 'thank you',
    });
    await createCardViaApi(app.url, source.sessionToken!, 'Portuguese', { kind: 'basic', front: 'gato', back: 'cat' });
    for (const rating of [3, 3]) {
      const next = (await call(app.url, '/api/cards/review/next', { cookie: source.sessionToken }))
        .data as NextCardResponse;
      await call(app.url, '/api/cards/review/grade', {
        json: { cardId: next.card!.id, rating, durationMs: 3000 },
        cookie: source.sessionToken,
      });
    }
    const exported = await fetch(`${app.url}/api/cards/export?format=apkg`, {
      headers: { cookie: `sid=${source.sessionToken}` },
    });
    const bytes = new Uint8Array(await exported.arrayBuffer());

    const { page } = await app.newPage({ signedIn: PRO });
    await upload(page, 'turtle-cards.apkg', bytes);
    await page
      .getByTestId('apkg-summary')
      .getByText('Will import 2 cards from 2 notes (2 basic), with 2 reviews of history on 2 cards.')
      .waitFor();
    await page.getByRole('list', { name: 'Decks' }).getByText('Portuguese').waitFor();
    await page.getByRole('button', { name: 'Import 2 cards' }).click();
    await page.getByTestId('apkg-summary').getByText('Imported 2 cards', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'See analytics' }).click();
    await page.getByRole('heading', { name: 'Learning analytics' }).waitFor();
    await expect
      .poll(() =>
        page.locator('xpath=//dt[normalize-space()="Reviews, last 30 days"]/following-sibling::dd').innerText(),
      )
      .toBe('2');
    expect(app.pageErrors).toEqual([]);
  });

  it('a package made by an independent writer comes in with its history; media and unknown note types are skipped', async () => {
    const t = Date.now() - 20 * DAY;
    const collection = await ankiCollection({ 1: 'Default', 2: 'Geography' }, [
      {
        model: 'basic',
        deck: 2,
        fields: ['Capital of <b>France</b>?', 'Paris'],
        revlog: {
          0: [
            [t, 3, 0, 4000],
            [t + 3 * DAY, 3, 1, 3000],
          ],
        },
      },
      {
        model: 'cloze',
        deck: 2,
        fields: ['{{c1::Rome}} is in {{c2::Italy}}', ''],
        revlog: { 1: [[t + DAY, 1, 0, 8000]] },
      },
      { model: 'reversed', deck: 2, fields: ['Flag <img src="fr.png">', 'France'] },
      { model: 'occlusion', deck: 2, fields: ['<img src="map.png">', 'Map', ''] },
    ]);
    const bytes = ankiPackage(collection, { 'fr.png': new Uint8Array([1, 2]), 'map.png': new Uint8Array([3]) });
    const { page } = await app.newPage({ signedIn: PRO });
    await upload(page, 'geography.apkg', bytes);
    const summary = page.getByTestId('apkg-summary');
    await summary
      .getByText(
        'Will import 5 cards from 3 notes (1 basic, 1 basic and reversed, 1 cloze), with 3 reviews of history on 2 cards.',
      )
      .waitFor();
    const skipped = page.getByRole('list', { name: 'Skipped' });
    // Decision 038: fr.png is not an image by its bytes; map.png belongs to a note that is not imported.
    await skipped
      .getByText('2 media files not kept (no imported card uses it, or it is not an image or sound)')
      .waitFor();
    await skipped.getByText('fr.png: not an image or sound Turtle keeps').waitFor();
    await skipped.getByText('1 note of the note type “Image Occlusion Enhanced”').waitFor();
    await page.getByRole('button', { name: 'Import 5 cards' }).click();
    await summary.getByText('Imported 5 cards', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'Go to my decks' }).click();
    await page.getByRole('link', { name: 'Geography', exact: true }).waitFor();
    expect(app.pageErrors).toEqual([]);
  });

  it('a file that is not a package is refused with a clear message', async () => {
    const { page } = await app.newPage({ signedIn: PRO });
    await upload(page, 'notes.apkg', new TextEncoder().encode('front,back'));
    await page
      .getByRole('alert')
      .getByText('This file is not an Anki package (.apkg): it is not a zip file. Nothing was imported.')
      .waitFor();
    expect(app.pageErrors).toEqual([]);
  });
});
