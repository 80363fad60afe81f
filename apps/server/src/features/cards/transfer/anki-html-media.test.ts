import { describe, expect, it } from 'vitest';
import { fromAnkiHtml, type MediaLookup } from './anki-html';

const SHA = 'a'.repeat(64);
const files: Record<string, ReturnType<MediaLookup>> = {
  'cat & dog.png': { url: `/api/cards/media/${SHA}`, kind: 'image' },
  'hola.mp3': { url: `/api/cards/media/${'b'.repeat(64)}`, kind: 'audio' },
};
const lookup: MediaLookup = (name) => files[name];

describe('Anki media in card text (docs/decisions/038-card-media.md)', () => {
  it('makes a kept sound an <audio> of our media address', () => {
    expect(fromAnkiHtml('Listen: [sound:hola.mp3]', lookup)).toEqual({
      text: `Listen: <audio src="/api/cards/media/${'b'.repeat(64)}"></audio>`,
      hadMedia: false,
      media: ['hola.mp3'],
    });
  });

  it('makes a kept image an <img> of our media address with its alt text (the name decoded as the browser does)', () => {
    expect(fromAnkiHtml('A <img src="cat &amp; dog.png" alt="a &quot;cat&quot;" onerror="x()"> here', lookup)).toEqual({
      text: `A <img src="/api/cards/media/${SHA}" alt="a &quot;cat&quot;"> here`,
      hadMedia: false,
      media: ['cat & dog.png'],
    });
  });

  it('never puts an image file where a sound goes, nor a sound where an image goes', () => {
    const result = fromAnkiHtml('[sound:cat & dog.png]<img src="hola.mp3" alt="x">', lookup);
    expect(result).toEqual({ text: 'x', hadMedia: true, media: [] });
  });

  it('leaves out a file the package does not hold, and a name that could escape the attribute', () => {
    expect(fromAnkiHtml('[sound:"><script>alert(1)</script>.mp3] <img src="../../etc/passwd">', lookup)).toEqual({
      text: '',
      hadMedia: true,
      media: [],
    });
  });
});
