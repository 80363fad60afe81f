import 'katex/dist/katex.min.css';
import './math.css';
import type { KatexOptions } from 'katex';
import type { PluggableList } from 'unified';
import rehypeKatex from 'rehype-katex';

/**
 * docs/security.md 7d: a formula is text a model or an imported deck wrote, so KaTeX may not make links, classes,
 * styles or data attributes (`\href`, `\url`, `\htmlClass`, `\includegraphics`… need `trust`), and its macro
 * expansion and sizes are bounded so a formula cannot hang the tab or cover the page. A formula KaTeX cannot read
 * is drawn as its source (`.katex-error`); rehype-katex catches every error.
 */
export const KATEX_OPTIONS = {
  trust: false,
  maxExpand: 500,
  maxSize: 20,
  strict: 'ignore',
  errorColor: '#b91c1c',
} as const satisfies Omit<KatexOptions, 'displayMode' | 'throwOnError'>;

/** KaTeX (about 75 KB compressed, and its stylesheet and fonts): loaded the first time a text has a formula. */
export const katexPlugins: PluggableList = [[rehypeKatex, KATEX_OPTIONS]];
