import type { Nodes, Root } from 'mdast';
import type {
  Code,
  Construct,
  Effects,
  Extension,
  Resolver,
  State,
  Token,
  TokenizeContext,
  Tokenizer,
} from 'micromark-util-types';
import type { Processor } from 'unified';
import type { VFile } from 'vfile';
// Types only: remark-math's dependencies name its tokens and nodes, and remark-parse the parser's list of extensions.
import type {} from 'micromark-extension-math';
import type {} from 'mdast-util-math';
import type {} from 'remark-parse';

const DOLLAR = 36;
const BACKSLASH = 92;
const SPACE = 32;
const BACKTICK = 96;
/** `\(…\)` is inline math and `\[…\]` display math, as Anki (and MathJax) write them. */
const ANKI_CLOSERS = new Map([
  [40, 41],
  [91, 93],
]);

/** micromark's codes below zero are line endings, tabs and virtual spaces; null is the end of the text. */
const isBlank = (code: Code | undefined) => code === undefined || code === null || code < 0 || code === SPACE;
const isDigit = (code: Code) => code !== null && code >= 48 && code <= 57;
const isLineEnding = (code: Code) => code !== null && code < -2;

/**
 * remark-math pairs any two single dollars, so "$5 and $6" would be a formula. Pandoc's rule keeps money as text:
 * a `$…$` formula starts with no space after its opening dollar, ends with no space before its closing one, and is
 * not followed by a digit (`$$…$$` has no such rule). A pair that breaks it is plain text, dollars included. Nor
 * does a formula hold a backtick (TeX has no use for one), so "$5 or `$HOME`" keeps its code span.
 */
function withDollarRules(dollarMath: Construct): Construct {
  return {
    ...dollarMath,
    tokenize(effects, ok, nok) {
      const codes: Code[] = [];
      const watched: Effects = {
        ...effects,
        consume(code) {
          codes.push(code);
          effects.consume(code);
        },
      };
      const checked: State = (after) => {
        const double = codes[1] === DOLLAR;
        const pandoc = double || (!isBlank(codes[1]) && !isBlank(codes[codes.length - 2]) && !isDigit(after));
        return pandoc && !codes.includes(BACKTICK) ? ok(after) : nok(after);
      };
      return dollarMath.tokenize.call(this, watched, checked, nok);
    },
  };
}

/**
 * `\(…\)` and `\[…\]` read as the same math tokens `$…$` makes (so mdast-util-math builds the node), inside a
 * paragraph, never in code, and like `$…$` never across a backtick. Without a closing pair (or with nothing inside) the backslash stays an escape, as before.
 */
/**
 * Where a formula was looked for to the end of its text and no closer was found, per parse and closer: an opening
 * inside that stretch has none either and fails at once, so 5,000 `\(` in a row cost 5,000 steps, not 12.5 million.
 */
const noCloser = new WeakMap<object, Map<number, { from: number; to: number }>>();

function ankiMath(resolve: Resolver | undefined): Construct {
  const tokenize: Tokenizer = function (this: TokenizeContext, effects, ok, nok) {
    let closer: number | undefined;
    let sequence: Token;
    let hasData = false;
    const from = this.now().offset;
    const misses = noCloser.get(this.parser) ?? new Map<number, { from: number; to: number }>();
    noCloser.set(this.parser, misses);

    const between: State = (code) => {
      if (code === null) {
        if (closer !== undefined) misses.set(closer, { from, to: this.now().offset });
        return nok(code);
      }
      if (code === BACKSLASH) {
        sequence = effects.enter('mathTextSequence');
        effects.consume(code);
        return closing;
      }
      if (code === SPACE || isLineEnding(code)) {
        const type = code === SPACE ? 'space' : 'lineEnding';
        effects.enter(type);
        effects.consume(code);
        effects.exit(type);
        return between;
      }
      hasData = true;
      effects.enter('mathTextData');
      return data(code);
    };
    const data: State = (code) => {
      if (code === BACKTICK) return nok(code);
      if (code === null || code === SPACE || code === BACKSLASH || isLineEnding(code)) {
        effects.exit('mathTextData');
        return between(code);
      }
      effects.consume(code);
      return data;
    };
    const closing: State = (code) => {
      if (code === closer) {
        if (!hasData) return nok(code);
        effects.consume(code);
        effects.exit('mathTextSequence');
        effects.exit('mathText');
        return ok;
      }
      // A backslash inside the formula (`\frac`, `\\`): part of it.
      sequence.type = 'mathTextData';
      hasData = true;
      return data(code);
    };
    const opening: State = (code) => {
      closer = code === null ? undefined : ANKI_CLOSERS.get(code);
      if (closer === undefined) return nok(code);
      const miss = misses.get(closer);
      if (miss && miss.from < from && from < miss.to) return nok(code);
      effects.consume(code);
      effects.exit('mathTextSequence');
      return between;
    };
    return (code) => {
      effects.enter('mathText');
      effects.enter('mathTextSequence');
      effects.consume(code);
      return opening;
    };
  };
  return { name: 'ankiMathText', tokenize, resolve };
}

/** `$$…$$` and `\[…\]` inside a paragraph are display math, as in Pandoc and Anki (remark-math draws them inline). */
function markDisplayMath(node: Nodes, source: string): void {
  if (node.type === 'inlineMath') {
    const start = node.position?.start.offset ?? -1;
    if (source.startsWith('$$', start) || source.startsWith('\\[', start)) {
      node.data = { ...node.data, hProperties: { className: ['language-math', 'math-display'] } };
    }
    return;
  }
  if ('children' in node) for (const child of node.children) markDisplayMath(child, source);
}

/**
 * The math syntax the renderer reads, on top of remark-math (which must come first): Pandoc's rule for single
 * dollars, Anki's `\(…\)` and `\[…\]`, and display math written inline. Shared so the Anki export
 * (transfer/anki-export-html.ts) reads a card's formulas exactly as the card face does.
 */
export function remarkMathDelimiters(this: Processor) {
  const extensions: Extension[] = (this.data().micromarkExtensions ??= []);
  const withDollar = extensions.find((extension) => {
    const construct = extension.text?.[DOLLAR];
    return construct && !Array.isArray(construct) && (construct as Construct).name === 'mathText';
  });
  const dollarMath = withDollar?.text?.[DOLLAR] as Construct | undefined;
  if (!withDollar?.text || !dollarMath) throw new Error('remarkMathDelimiters needs remark-math before it');
  withDollar.text[DOLLAR] = withDollarRules(dollarMath);
  extensions.push({ text: { [BACKSLASH]: ankiMath(dollarMath.resolve) } });
  return (tree: Root, file: VFile) => markDisplayMath(tree, String(file.value));
}
