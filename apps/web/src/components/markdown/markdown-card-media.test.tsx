// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MarkdownMessage, markdownRenderer } from './markdown-message';
import { htmlSubset } from './markdown-renderer';

beforeAll(async () => {
  await Promise.all([markdownRenderer.load(), htmlSubset.load()]);
});
afterEach(cleanup);

const renderCard = (markdown: string) => render(<MarkdownMessage markdown={markdown} allowHtmlSubset />).container;
const SOUND = `/api/cards/media/${'a'.repeat(64)}`;

describe('a card’s sound (docs/decisions/038-card-media.md)', () => {
  it('is the browser’s play control, named, loading nothing until played', () => {
    const audio = renderCard(`Listen: <audio src="${SOUND}"></audio>`).querySelector('audio')!;
    expect(audio.getAttribute('src')).toBe(SOUND);
    expect(audio.hasAttribute('controls')).toBe(true);
    expect(audio.getAttribute('preload')).toBe('none');
    expect(audio.getAttribute('aria-label')).toBe('Play sound');
    expect(audio.getAttributeNames().sort()).toEqual(['aria-label', 'class', 'controls', 'preload', 'src']);
  });

  it.each([
    'https://attacker.test/a.mp3',
    '/api/cards/media/../../api/user/status',
    `/api/cards/media/${'A'.repeat(64)}`,
    'javascript:alert(1)',
    `data:audio/mpeg;base64,AAAA`,
  ])('loads nothing from %s, and keeps no handler or autoplay', (src) => {
    const container = renderCard(`<audio src="${src}" autoplay onplay="alert(1)"></audio>`);
    expect(container.querySelector('audio')).toBeNull();
    expect(container.innerHTML).not.toMatch(/autoplay|onplay/);
  });

  it('is for cards only: a chat reply shows the tag as text', () => {
    const container = render(<MarkdownMessage markdown={`<audio src="${SOUND}"></audio>`} />).container;
    expect(container.querySelector('audio')).toBeNull();
  });
});
