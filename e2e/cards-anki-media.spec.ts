import { describe, expect, it } from 'vitest';
import { Plan } from '@turtle/shared/plans';
import { ankiCollection18 } from '../apps/server/test/support/anki-package-current';
import { ankiCurrentPackageWithMedia, mp3Sound, pngImage } from '../apps/server/test/support/anki-package-media';
import { expectNoSeriousA11yViolations } from './support/axe';
import { cardsUi } from './support/cards';
import { useE2eApp } from './support/e2e-app';

const app = useE2eApp();

describe('an Anki card’s image and sound on the review screen (docs/decisions/038-card-media.md)', () => {
  it('imports a package with an image and a sound; the deck and review show the image and a play control, at 1280 and 390 px', async () => {
    const collection = await ankiCollection18({ 1: 'Default', 2: 'Spanish' }, [
      { model: 'basic', deck: 2, fields: ['Listen: [sound:hola.mp3]', '<img src="green.png" alt="A green square">'] },
    ]);
    const bytes = await ankiCurrentPackageWithMedia(collection, [
      { name: 'hola.mp3', bytes: mp3Sound() },
      { name: 'green.png', bytes: pngImage(96) },
    ]);
    const { page } = await app.newPage({ signedIn: { name: 'Listener', plan: Plan.PRO, expireAt: -1 } });
    await page.goto('/cards');
    await page.getByRole('link', { name: 'Import from Anki (.apkg)' }).click();
    await page.getByRole('heading', { name: 'Import from Anki' }).waitFor();
    await page
      .getByLabel('Anki package (.apkg)')
      .setInputFiles({ name: 'spanish.apkg', mimeType: 'application/octet-stream', buffer: Buffer.from(bytes) });
    await page.getByTestId('apkg-media').getByText('Will keep 2 images and sounds', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Import 1 card' }).click();
    await page.getByTestId('apkg-summary').getByText('Imported 1 card', { exact: false }).waitFor();
    expect(await page.getByTestId('apkg-media').innerText()).toMatch(
      /^Kept 2 images and sounds \(\d+ KB\)\. Your media storage: 0 KB of 2 GB used before this import\.$/,
    );
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.screenshot({ path: `screenshots/cards-anki-media-imported-${width}.png`, fullPage: true });
      await expectNoSeriousA11yViolations(page, `the Anki import summary with media at ${width} px`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // The deck's card list draws the same faces: the play control and the image.
    await page.goto('/cards');
    await cardsUi.deckRow(page, 'Spanish').getByRole('link', { name: 'Spanish', exact: true }).click();
    await page.getByLabel('Play sound').first().waitFor();
    await page.getByRole('img', { name: 'A green square' }).first().waitFor();
    await page.screenshot({ path: 'screenshots/cards-anki-media-deck-1280.png', fullPage: true });
    await expectNoSeriousA11yViolations(page, 'the deck with an Anki image and sound');

    await page.goto('/cards/review');
    const question = cardsUi.question(page);
    const sound = question.getByLabel('Play sound');
    await sound.waitFor();
    expect(await sound.evaluate((element) => element.tagName)).toBe('AUDIO');
    expect(await sound.getAttribute('src')).toMatch(/^\/api\/cards\/media\/[0-9a-f]{64}$/);
    expect(await question.innerText()).toContain('Listen:');
    await page.keyboard.press('Space');
    const image = cardsUi.answer(page).getByRole('img', { name: 'A green square' });
    await image.waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('img[alt="A green square"]');
      return img?.complete && img.naturalWidth === 96;
    });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.screenshot({ path: `screenshots/cards-anki-media-${width}.png`, fullPage: true });
      await expectNoSeriousA11yViolations(page, `review with an Anki image and sound at ${width} px`);
    }
    // The sound can be fetched as the player would, by its owner, as audio.
    const response = await page.request.get((await sound.getAttribute('src'))!);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('audio/mpeg');
    expect(app.pageErrors).toEqual([]);
  });
});
