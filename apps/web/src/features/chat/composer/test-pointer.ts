/**
 * Test support: jsdom has no `matchMedia`, which the mention plugin reads when it loads. Import this module before
 * the composer; `setCoarsePointer` then plays a touch device (`(pointer: coarse)`) or a mouse.
 */
let coarse = false;
const listeners = new Set<() => void>();

window.matchMedia = (media: string) =>
  ({
    media,
    get matches() {
      return media.includes('pointer: coarse') && coarse;
    },
    onchange: null,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    addListener: (listener: () => void) => listeners.add(listener),
    removeListener: (listener: () => void) => listeners.delete(listener),
    dispatchEvent: () => false,
  }) as unknown as MediaQueryList;

export function setCoarsePointer(on: boolean) {
  coarse = on;
  for (const listener of listeners) listener();
}
