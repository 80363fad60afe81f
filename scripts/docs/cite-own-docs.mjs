#!/usr/bin/env node
/**
 * Points citations at the repository's own docs (architecture.md "Layers and boundaries"). Comments used to cite
 * three files kept outside the repository; their content now lives in docs/product.md, docs/rules.md and
 * docs/security.md:
 *
 *   SPEC 2 "Pricing"     -> product.md §2 "Pricing"     (also "SPEC 2 and 4", "SPEC.md section 9", bare "SPEC")
 *   DECISIONS "Notes"    -> rules.md "Notes"            (also "DECISIONS.md", bare "DECISIONS")
 *   SECURITY-TESTS 7d    -> security.md 7d
 *
 * In source files (.ts, .tsx, .mts, .js, .mjs, .cjs, .css) only comments change, and the titles of tests (the first
 * string given to describe/it/test); code and every other string stay byte for byte. In Markdown (README.md and
 * docs/), prose changes and fenced code blocks stay. Run it again at any time: what it writes never matches again.
 *
 *   node scripts/docs/cite-own-docs.mjs           rewrites, and prints how many files and citations changed
 *   node scripts/docs/cite-own-docs.mjs --check   changes nothing; exits 1 when something is left to rewrite
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCE_DIRS = ['apps', 'packages', 'e2e', 'scripts'];
const SOURCE_EXTENSIONS = new Set(['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.css']);
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'build', 'coverage', '.vitest-results', 'screenshots', 'data']);
const SELF = fileURLToPath(import.meta.url);
/** This script, its test and its types cite the old names on purpose. */
const isOwnFile = (file) => path.basename(file).startsWith('cite-own-docs.');
/** The conformance table sets each point of the shared SPEC.md and DECISIONS.md beside its test: it cites them. */
const CITES_THE_SHARED_FILES = new Set([path.join(ROOT, 'docs', 'spec-conformance.md')]);

// ---------------------------------------------------------------------------------------------------------------
// The rewriting of one piece of prose (a comment's text, a test title, a Markdown line).

/** `SPEC 2 and 4` -> `product.md §2 and §4`; `SPEC.md section 9` -> `product.md §9`; bare -> `product.md`. */
const SPEC_WITH_SECTIONS = /\bSPEC(?:\.md)?(?: section)? (\d+)((?:(?:, | and | or )\d+\b)*)/g;
const SPEC_BARE = /\b(?:the )?SPEC(?:\.md)?\b(?![-\w])/g;
const DECISIONS = /\bDECISIONS(?:\.md)?\b(?![-\w])/g;
const SECURITY_TESTS = /\bSECURITY-TESTS(?:\.md)?\b(?![-\w])/g;

/** The prose with its citations rewritten, and how many there were. */
export function rewriteProse(text) {
  let count = 0;
  const counted =
    (replacement) =>
    (...match) => {
      count++;
      return typeof replacement === 'function' ? replacement(...match) : replacement;
    };
  const result = text
    .replace(
      SPEC_WITH_SECTIONS,
      counted((_all, first, more) => `product.md §${first}${more.replace(/(\d+)/g, '§$1')}`),
    )
    .replace(SPEC_BARE, counted('product.md'))
    .replace(DECISIONS, counted('rules.md'))
    .replace(SECURITY_TESTS, counted('security.md'));
  return { text: result, count };
}

const MAY_CITE = /SPEC|DECISIONS|SECURITY-TESTS/;

// ---------------------------------------------------------------------------------------------------------------
// Finding the comments (and test titles) of a JavaScript, TypeScript or CSS file.

const TEST_CALL_BEFORE = /\b(?:describe|it|test)(?:\.\w+)*\(\s*$/;
/** After these a `/` starts a regular expression, not a division. */
const REGEX_AFTER_KEYWORD = /\b(?:return|typeof|instanceof|in|of|new|delete|void|throw|case|do|else|yield|await)\s*$/;

/**
 * The ranges [start, end) of the file's comments and test titles. A small scanner: it knows strings, template
 * literals (with nested `${}`), regular expressions and comments. A quote in JSX text (`<p>Don't</p>`) is read as
 * a string that ends at the line's end, so a stray quote never hides more than the rest of its line.
 */
export function proseRanges(source, { css = false } = {}) {
  const ranges = [];
  const templateDepths = []; // for each open template literal, the brace depth its `${` opened at
  let braceDepth = 0;
  let lastSignificant = ''; // the last non-space character of code, to tell a regex from a division
  let i = 0;
  const n = source.length;

  const readQuoted = (quote) => {
    const start = i;
    i++;
    while (i < n && source[i] !== quote && source[i] !== '\n') {
      if (source[i] === '\\') i++;
      i++;
    }
    if (source[i] === quote) i++;
    return [start, i];
  };

  /** Reads template text up to its end or a `${`; returns true when it stopped at a `${`. */
  const readTemplateText = () => {
    while (i < n) {
      const ch = source[i];
      if (ch === '\\') i += 2;
      else if (ch === '`') {
        i++;
        return false;
      } else if (ch === '$' && source[i + 1] === '{') {
        i += 2;
        return true;
      } else i++;
    }
    return false;
  };

  while (i < n) {
    const ch = source[i];
    const next = source[i + 1];
    if (ch === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? n : end + 2;
      ranges.push([i, stop]);
      i = stop;
      continue;
    }
    if (css) {
      i++;
      continue;
    }
    if (ch === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      const stop = end === -1 ? n : end;
      ranges.push([i, stop]);
      i = stop;
      continue;
    }
    if (ch === "'" || ch === '"') {
      const isTitle = TEST_CALL_BEFORE.test(source.slice(Math.max(0, i - 80), i));
      const [start, stop] = readQuoted(ch);
      if (isTitle) ranges.push([start, stop]);
      lastSignificant = 'a';
      continue;
    }
    if (ch === '`') {
      const isTitle = TEST_CALL_BEFORE.test(source.slice(Math.max(0, i - 80), i));
      const start = i;
      i++;
      if (readTemplateText()) templateDepths.push(braceDepth);
      else if (isTitle) ranges.push([start, i]);
      lastSignificant = 'a';
      continue;
    }
    if (ch === '/') {
      const before = source.slice(Math.max(0, i - 12), i);
      const startsRegex =
        lastSignificant === '' || /[(,=:[!&|?{};+\-*%<>~^]/.test(lastSignificant) || REGEX_AFTER_KEYWORD.test(before);
      if (startsRegex) {
        i++;
        let inClass = false;
        while (i < n && source[i] !== '\n') {
          const c = source[i];
          if (c === '\\') i++;
          else if (c === '[') inClass = true;
          else if (c === ']') inClass = false;
          else if (c === '/' && !inClass) break;
          i++;
        }
        i++;
        while (i < n && /[a-z]/i.test(source[i])) i++;
        lastSignificant = 'a';
        continue;
      }
    }
    if (ch === '{') braceDepth++;
    if (ch === '}') {
      if (templateDepths.length && templateDepths.at(-1) === braceDepth) {
        templateDepths.pop();
        i++;
        if (readTemplateText()) templateDepths.push(braceDepth);
        lastSignificant = 'a';
        continue;
      }
      braceDepth--;
    }
    if (!/\s/.test(ch)) lastSignificant = /[\w$]/.test(ch) ? 'a' : ch;
    i++;
  }
  return ranges;
}

/** The source with the citations in its comments and test titles rewritten. */
export function rewriteSource(source, options) {
  if (!MAY_CITE.test(source)) return { text: source, count: 0 };
  let count = 0;
  let out = '';
  let at = 0;
  for (const [start, end] of proseRanges(source, options)) {
    const piece = source.slice(start, end);
    if (!MAY_CITE.test(piece)) continue;
    const rewritten = rewriteProse(piece);
    out += source.slice(at, start) + rewritten.text;
    at = end;
    count += rewritten.count;
  }
  return { text: out + source.slice(at), count };
}

/** Markdown: every line outside fenced code blocks. */
export function rewriteMarkdown(source) {
  let count = 0;
  let fenced = false;
  const lines = source.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced || !MAY_CITE.test(line)) return line;
    const rewritten = rewriteProse(line);
    count += rewritten.count;
    return rewritten.text;
  });
  return { text: lines.join('\n'), count };
}

// ---------------------------------------------------------------------------------------------------------------

function* walk(dir) {
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (entry.name.startsWith('.') && entry.name !== '.') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) yield* walk(full);
    } else if (entry.isFile()) yield full;
  }
}

function targets() {
  const files = [];
  for (const dir of SOURCE_DIRS) {
    for (const file of walk(path.join(ROOT, dir))) {
      if (!isOwnFile(file) && SOURCE_EXTENSIONS.has(path.extname(file))) files.push({ file, kind: 'source' });
    }
  }
  files.push({ file: path.join(ROOT, 'README.md'), kind: 'markdown' });
  for (const file of walk(path.join(ROOT, 'docs'))) {
    if (file.endsWith('.md') && !CITES_THE_SHARED_FILES.has(file)) files.push({ file, kind: 'markdown' });
  }
  return files;
}

function main() {
  const check = process.argv.includes('--check');
  let files = 0;
  let citations = 0;
  for (const { file, kind } of targets()) {
    if (!fs.existsSync(file)) continue;
    const before = fs.readFileSync(file, 'utf8');
    const { text, count } =
      kind === 'markdown' ? rewriteMarkdown(before) : rewriteSource(before, { css: file.endsWith('.css') });
    if (count === 0 || text === before) continue;
    files++;
    citations += count;
    if (check) console.log(`  ${path.relative(ROOT, file)}: ${count}`);
    else fs.writeFileSync(file, text);
  }
  const verb = check ? 'to rewrite' : 'rewritten';
  console.log(`cite-own-docs: ${citations} citation(s) in ${files} file(s) ${verb}.`);
  if (check && citations > 0) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === SELF) main();
