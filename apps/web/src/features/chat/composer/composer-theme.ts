import type { EditorThemeClasses } from 'lexical';
import type { BeautifulMentionsCssClassNames, BeautifulMentionsTheme } from 'lexical-beautiful-mentions';

const mentionBase = 'mx-px inline-block rounded-md px-1 font-medium leading-snug ring-1 ring-inset';

function mentionStyle(tone: string, focused: string): BeautifulMentionsCssClassNames {
  return {
    container: `${mentionBase} ${tone}`,
    containerFocused: `${mentionBase} ${tone} ${focused}`,
    trigger: 'opacity-60',
    value: '',
  };
}

/**
 * Mention styles for the triggers of product.md §3 "Mention": /, @, #, due:, rec: and any word followed by a colon (only @
 * is wired to suggestions). The keys are regular expressions matched against the trigger, tried in this order.
 */
export const MENTION_THEME: BeautifulMentionsTheme = {
  '^@$': mentionStyle('bg-brand-50 text-brand-800 ring-brand-200', 'ring-2 ring-brand-600'),
  '^#$': mentionStyle('bg-sky-50 text-sky-800 ring-sky-200', 'ring-2 ring-sky-600'),
  '^/$': mentionStyle('bg-violet-50 text-violet-800 ring-violet-200', 'ring-2 ring-violet-600'),
  '^due:$': mentionStyle('bg-amber-50 text-amber-900 ring-amber-200', 'ring-2 ring-amber-600'),
  '^rec:$': mentionStyle('bg-rose-50 text-rose-800 ring-rose-200', 'ring-2 ring-rose-600'),
  '^\\w+:$': mentionStyle('bg-slate-100 text-slate-800 ring-slate-300', 'ring-2 ring-slate-600'),
};

/** The composer's editor theme. Its classes also travel in the message's HTML (`htmlContent`). */
export const COMPOSER_THEME: EditorThemeClasses = {
  paragraph: 'm-0',
  text: {
    bold: 'font-semibold',
    italic: 'italic',
    underline: 'underline',
    strikethrough: 'line-through',
    underlineStrikethrough: 'underline line-through',
    code: 'rounded bg-slate-100 px-1 font-mono text-[0.9em]',
  },
  beautifulMentions: MENTION_THEME,
};
