import { describe, expect, it } from 'vitest';
import { MENTION_THEME } from './composer-theme';
import { NOTE_MENTION_TRIGGER } from './mention-suggestions';

// product.md §3 "Mention" (docs/spec-conformance.md): "Triggers styled in the theme: /, @, #, due:, rec:, and any word
// followed by a colon. Only @ is wired to note suggestions."

/** The theme entry the mention plugin uses for a trigger: the first key (a regular expression) that matches it. */
const styleFor = (trigger: string) => Object.entries(MENTION_THEME).find(([key]) => new RegExp(key).test(trigger));

describe('the mention theme', () => {
  it('styles /, @, #, due: and rec:, each with its own look', () => {
    const triggers = ['/', '@', '#', 'due:', 'rec:'];
    const keys = triggers.map((trigger) => styleFor(trigger)?.[0]);
    expect(keys.every((key) => key !== undefined)).toBe(true);
    expect(new Set(keys).size).toBe(triggers.length);
  });

  it('styles any word followed by a colon, and nothing else', () => {
    for (const trigger of ['tag:', 'project:', 'x1:']) expect(styleFor(trigger)).toBeDefined();
    for (const trigger of ['$', 'word', 'two words:', ':']) expect(styleFor(trigger)).toBeUndefined();
  });

  it('wires only @ to note suggestions', () => {
    expect(NOTE_MENTION_TRIGGER).toBe('@');
  });
});
