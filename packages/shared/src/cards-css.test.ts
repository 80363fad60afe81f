import { describe, expect, it } from 'vitest';
import { NOTE_CSS_MAX_LENGTH, scopeNoteCss } from './cards-css';

// docs/decisions/047-anki-note-fields-and-styles.md: a note type's CSS applies inside its card only.
const ANKI_STOCK = `.card {
    font-family: arial;
    font-size: 20px;
    text-align: center;
    color: black;
    background-color: white;
}
`;

describe('scopeNoteCss', () => {
  it("makes Anki's stock .card rule the container's own", () => {
    expect(scopeNoteCss(ANKI_STOCK)).toBe(
      '.anki-card { font-family: arial; font-size: 20px; text-align: center; color: black; background-color: white }',
    );
  });

  it('puts every other selector under the container, each of a list', () => {
    expect(scopeNoteCss('b, .hint > i { color: red }')).toBe('.anki-card b, .anki-card .ak-hint > i { color: red }');
    expect(scopeNoteCss('html body .card img { max-width: 50% }')).toBe('.anki-card img { max-width: 50% }');
    expect(scopeNoteCss('.card > div { margin: 0 }')).toBe('.anki-card > div { margin: 0 }');
    expect(scopeNoteCss('* { color: blue }')).toBe('.anki-card * { color: blue }');
    expect(scopeNoteCss('BODY { color: blue }')).toBe('.anki-card { color: blue }');
  });

  it('names classes in the card’s own namespace, never the app’s (card-html.ts)', () => {
    expect(scopeNoteCss('.cloze { color: blue }')).toBe('.anki-card .ak-cloze { color: blue }');
    expect(scopeNoteCss('.card .front, div.word > .big_one { font-size: 2em }')).toBe(
      '.anki-card .ak-front, .anki-card div.ak-word > .ak-big_one { font-size: 2em }',
    );
    expect(scopeNoteCss('.card.nightMode .cloze:not(.x) { color: red }')).toBe(
      '.anki-card .ak-card.ak-nightMode .ak-cloze:not(.ak-x) { color: red }',
    );
    // Tailwind's names in a note type's CSS reach only the card's classes of the same name.
    expect(scopeNoteCss('.fixed { color: red }')).toBe('.anki-card .ak-fixed { color: red }');
    // Inside a string or an attribute selector a dot is not a class.
    expect(scopeNoteCss('a[href$=".pdf"] { color: red }')).toBe('.anki-card a[href$=".pdf"] { color: red }');
    expect(scopeNoteCss('html .card .front { color: red }')).toBe('.anki-card .ak-front { color: red }');
  });

  it('drops selectors that reach siblings of the container (and the rule they are in)', () => {
    expect(scopeNoteCss('.card ~ nav { display: none }')).toBe('');
    expect(scopeNoteCss('.card + * { display: none }')).toBe('');
    expect(scopeNoteCss('~ main, b { display: none }')).toBe('');
    expect(scopeNoteCss('> p { color: red }')).toBe('');
  });

  it('drops @import, @font-face, @keyframes and any url(), keeping @media scoped', () => {
    const css = `@import url("https://evil.example/x.css");
@import 'y.css';
@font-face { font-family: x; src: url(x.woff) }
@keyframes spin { from { opacity: 0 } }
.card { background: url(https://evil.example/track.png); color: green }
.x { background-image: image-set("a.png" 1x); content: "\\75rl(x)" }
@media (max-width: 600px) { .card { font-size: 16px } i { color: red } }`;
    expect(scopeNoteCss(css)).toBe(
      [
        '.anki-card { color: green }',
        '@media (max-width: 600px) { .anki-card { font-size: 16px } .anki-card i { color: red } }',
      ].join('\n'),
    );
  });

  it('keeps the container where it is: no position, offsets, margins, transforms, width or overflow on it', () => {
    expect(
      scopeNoteCss(
        '.card { position: fixed; inset: 0; top: 0; margin-top: -500px; transform: scale(9); width: 100vw; overflow: visible; z-index: 9; contain: none; color: red }',
      ),
    ).toBe('.anki-card { color: red }');
    // Inside the clipped container a descendant may be placed as the note type wants.
    expect(scopeNoteCss('.card .x { position: absolute; top: 0 }')).toBe(
      '.anki-card .ak-x { position: absolute; top: 0 }',
    );
  });

  it('drops !important, behaviours and strings left open', () => {
    expect(scopeNoteCss('.card { font-size: 9px !important; color: red ! important }')).toBe(
      '.anki-card { font-size: 9px; color: red }',
    );
    expect(scopeNoteCss('p { behavior: x; -moz-binding: y; color: red }')).toBe('.anki-card p { color: red }');
    expect(scopeNoteCss('p { content: "open; color: red }\nnav { display: none }')).toBe('');
  });

  it('keeps strings with separators inside them whole', () => {
    expect(scopeNoteCss('p::before { content: "a; b"; color: red }')).toBe(
      '.anki-card p::before { content: "a; b"; color: red }',
    );
    // A brace is dropped even inside a string: nothing in a value may end its rule.
    expect(scopeNoteCss('p { content: "}"; color: red }')).toBe('.anki-card p { color: red }');
  });

  it('never lets < or @ through, so the style element cannot be closed', () => {
    expect(scopeNoteCss('p { content: "</style><script>x</script>" }')).toBe('');
    expect(scopeNoteCss('p</style> { color: red }')).toBe('');
  });

  it('removes comments, even an unclosed one, and reads an unclosed block as nothing', () => {
    expect(scopeNoteCss('/* .card { color: red } */ i { color: blue } /* open')).toBe('.anki-card i { color: blue }');
    expect(scopeNoteCss('i { color: blue } b { color: red')).toBe('.anki-card i { color: blue }');
  });

  it('applies nothing from a sheet over its cap', () => {
    expect(scopeNoteCss(`i { color: blue }${' '.repeat(NOTE_CSS_MAX_LENGTH)}`)).toBe('');
  });

  it('reads sheets of nothing but openings as nothing', () => {
    expect(scopeNoteCss('{'.repeat(40_000) + '"'.repeat(5_000))).toBe('');
    expect(scopeNoteCss('/*'.repeat(20_000))).toBe('');
  });
});
