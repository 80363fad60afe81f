import { CARD_HTML_SCHEMA, escapeTagsOutsideSubset } from '@turtle/shared/card-html';
import type { Nodes, Root } from 'hast';
import type { PluggableList } from 'unified';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize, { type Options as SanitizeSchema } from 'rehype-sanitize';

/**
 * docs/security.md 7d.3: the HTML a card may hold is packages/shared's card-html.ts list, the one the Anki import
 * keeps and the Anki export writes. Nothing else survives: a tag outside the list shows as text (as in a chat reply),
 * script-like elements are dropped with their content, and no element keeps an attribute that is not listed (so no
 * handler, style, id or target) nor a class outside the card's namespace (`ak-…`, decision 047: no class of the
 * app's). Addresses keep the protocols of product.md §2 (safe-urls.ts checks them
 * again, and markdown-components.tsx loads only our images).
 */
export const HTML_SUBSET_SCHEMA: SanitizeSchema = CARD_HTML_SCHEMA;

function escapeRaw(node: Nodes): void {
  if (node.type === 'raw') node.value = escapeTagsOutsideSubset(node.value);
  else if ('children' in node) for (const child of node.children) escapeRaw(child);
}

/** The HTML markdown passed through (`raw` nodes), with tags outside the subset made text before it is parsed. */
function rehypeTagsOutsideSubsetAsText() {
  return (tree: Root) => escapeRaw(tree);
}

/** rehype-raw reads the HTML (parse5: about 40 KB compressed), then the schema keeps the subset. Cards only. */
export const htmlSubsetPlugins: PluggableList = [
  rehypeTagsOutsideSubsetAsText,
  rehypeRaw,
  [rehypeSanitize, HTML_SUBSET_SCHEMA],
];
