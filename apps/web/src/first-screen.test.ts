// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_SCREENS_ID, preloadFirstScreen } from './first-screen';

const preloaded = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => [
    link.getAttribute('href'),
    link.getAttribute('fetchpriority'),
  ]);

function writeBlock(screens: Record<string, string[]>) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = FIRST_SCREENS_ID;
  block.textContent = JSON.stringify(screens);
  document.head.append(block);
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('preloadFirstScreen (decision 030)', () => {
  it('modulepreloads, at low priority, the chunks the build named for the address', () => {
    writeBlock({ '/chats': ['assets/chats-a.js', 'assets/shared-b.js'], '/learn/': ['assets/player-c.js'] });
    preloadFirstScreen('/chats');
    expect(preloaded()).toEqual([
      ['/assets/chats-a.js', 'low'],
      ['/assets/shared-b.js', 'low'],
    ]);
  });

  it('matches a path ending in "/" as a prefix, any other exactly', () => {
    writeBlock({ '/chats': ['assets/chats-a.js'], '/learn/': ['assets/player-c.js'] });
    preloadFirstScreen('/learn/3');
    preloadFirstScreen('/chats/else');
    preloadFirstScreen('/');
    expect(preloaded()).toEqual([['/assets/player-c.js', 'low']]);
  });

  it('does nothing without the block (the development server writes none)', () => {
    preloadFirstScreen('/chats');
    expect(preloaded()).toEqual([]);
  });
});
