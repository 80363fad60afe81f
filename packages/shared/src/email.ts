/**
 * One address, one account (product.md §5): a fullwidth look-alike, another Unicode form (NFC/NFD) or an invisible
 * character must not make a second account beside an existing one.
 */

/** Zero-width spaces and joiners, soft hyphens, direction marks, the byte-order mark: characters that do not show. */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

/** Compatibility-normalised (NFKC: fullwidth letters become ASCII), without invisible characters, trimmed, lower-case. */
export function normalizeEmail(email: string): string {
  return email.normalize('NFKC').replace(INVISIBLE, '').trim().toLowerCase().normalize('NFKC');
}

export const MIXED_SCRIPTS_MESSAGE =
  'This email mixes letters from different alphabets that look alike (such as Latin and Cyrillic). Type it in one alphabet.';

/** Scripts told apart for the check below; a letter of any other script counts as a script of its own. */
const SCRIPTS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Cherokee',
  'Georgian',
  'Hebrew',
  'Arabic',
  'Devanagari',
  'Bengali',
  'Tamil',
  'Thai',
  'Han',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Hangul',
].map((name) => ({ name, pattern: new RegExp(`\\p{Script=${name}}`, 'u') }));
/** Scripts whose letters pass for Latin ones (а/a, ο/o, ս/u, Ꭺ/A). */
const LATIN_LOOK_ALIKES = new Set(['Greek', 'Cyrillic', 'Armenian', 'Cherokee']);
/** Unicode UTS #39's combinations that are written together (Japanese, Chinese, Korean beside Latin). */
const WRITTEN_TOGETHER = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

function scriptsOf(text: string): Set<string> {
  const scripts = new Set<string>();
  for (const char of text) {
    if (!/\p{L}/u.test(char)) continue;
    scripts.add(SCRIPTS.find(({ pattern }) => pattern.test(char))?.name ?? `other:${char}`);
  }
  return scripts;
}

/**
 * UTS #39's "moderately restrictive" rule over the whole address: one script; or scripts written together; or Latin
 * with one other script that has no Latin look-alikes. `аlice@example.com` (a Cyrillic а) is refused; `иван@пример.рф`
 * and `山田@example.jp` are not.
 */
export function mixesScriptsConfusably(email: string): boolean {
  const scripts = [...scriptsOf(email)];
  if (scripts.length <= 1) return false;
  if (WRITTEN_TOGETHER.some((allowed) => scripts.every((script) => allowed.has(script)))) return false;
  const others = scripts.filter((script) => script !== 'Latin');
  return !(scripts.includes('Latin') && others.length === 1 && !LATIN_LOOK_ALIKES.has(others[0]!));
}
