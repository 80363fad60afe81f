import { describe, expect, it } from 'vitest';
import { mixesScriptsConfusably, normalizeEmail } from './email';

describe('normalizeEmail', () => {
  it.each([
    ['fullwidth letters', '\uFF41\uFF4C\uFF49\uFF43\uFF45@example.com'],
    ['upper case and spaces', '  Alice@Example.COM '],
    ['a trailing zero-width space', 'alice@example.com\u200B'],
    ['a zero-width joiner inside', 'ali\u200Dce@example.com'],
    ['a soft hyphen', 'ali\u00ADce@example.com'],
  ])('gives the same address for %s', (_label, variant) => {
    expect(normalizeEmail(variant)).toBe('alice@example.com');
  });

  it('gives one form for NFC and NFD spellings', () => {
    const nfc = 'jos\u00E9@example.com';
    const nfd = 'jose\u0301@example.com';
    expect(normalizeEmail(nfd)).toBe(normalizeEmail(nfc));
  });
});

describe('mixesScriptsConfusably', () => {
  it.each([
    ['a Cyrillic а among Latin letters', '\u0430lice@example.com'],
    ['a Greek ο among Latin letters', 'b\u03BFb@example.com'],
    ['a Cyrillic local part at a Latin domain', '\u0430\u0440\u0440\u04CF\u0435@example.com'],
    ['Cyrillic and Greek together', '\u0430\u03B1@\u043F\u0440\u0438\u043C\u0435\u0440.\u0440\u0444'],
  ])('refuses %s', (_label, email) => {
    expect(mixesScriptsConfusably(email)).toBe(true);
  });

  it.each([
    ['plain Latin', 'alice.smith+tag@example.co.uk'],
    ['all Cyrillic', '\u0438\u0432\u0430\u043D@\u043F\u0440\u0438\u043C\u0435\u0440.\u0440\u0444'],
    ['Japanese at a Latin domain', '\u5C71\u7530\u30BF\u30ED\u30A6@example.jp'],
    ['Latin with accents', 'jos\u00E9@exampl\u00E9.fr'],
    ['Thai at a Latin domain', '\u0E2A\u0E21\u0E0A\u0E32\u0E22@example.com'],
  ])('accepts %s', (_label, email) => {
    expect(mixesScriptsConfusably(email)).toBe(false);
  });
});
