import { describe, expect, it } from 'vitest';
import { toAnkiHtml } from './apkg';
import { fromAnkiHtml } from './anki-html';

describe('Anki HTML to card text', () => {
  it('reads back what the export writes, exactly', () => {
    const text = 'a < b & "c"\nsecond line {{c1::cloze}}';
    expect(fromAnkiHtml(toAnkiHtml(text))).toEqual({ text, hadMedia: false });
  });

  it('keeps line breaks of divs and paragraphs, drops markup and decodes entities', () => {
    expect(fromAnkiHtml('<div><b>Bold</b>&nbsp;text</div><div>next&#39;s &#x41;</div>').text).toBe(
      "Bold text\nnext's A",
    );
  });

  it('leaves media out and says there was some', () => {
    expect(fromAnkiHtml('Look <img src="cat.jpg"> here [sound:meow.mp3]')).toEqual({
      text: 'Look  here',
      hadMedia: true,
    });
  });

  it('drops styles, scripts and control characters', () => {
    expect(fromAnkiHtml('<style>.x{}</style>A\u0000B<script>alert(1)</script>').text).toBe('AB');
  });
});
