import { describe, expect, it } from 'vitest';
import { isSearchKey } from './search-shortcut';

const key = (key: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

// docs/decisions/039-shared-lesson-passages.md: Ctrl+K or Cmd+K opens the search box, nothing else does.
describe('isSearchKey', () => {
  it('is Ctrl+K and Cmd+K, either case', () => {
    expect(isSearchKey(key('k', { ctrlKey: true }))).toBe(true);
    expect(isSearchKey(key('K', { metaKey: true }))).toBe(true);
  });

  it('is not K alone, with Alt or Shift, or another key', () => {
    expect(isSearchKey(key('k'))).toBe(false);
    expect(isSearchKey(key('k', { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSearchKey(key('k', { metaKey: true, altKey: true }))).toBe(false);
    expect(isSearchKey(key('j', { ctrlKey: true }))).toBe(false);
  });
});
