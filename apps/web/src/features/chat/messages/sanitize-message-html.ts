import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';
import { isOwnImageSource } from '../../../components/markdown/own-image-source';

/**
 * What a chat message's HTML may keep: ordinary formatted text (DOMPurify's HTML profile: no SVG, no MathML), never
 * forms or controls, frames, plugins, media, styles or page-level elements. `class`, `style`, `id` and `name` go
 * too: someone else's class names or styles could dress a message up as part of the page, and `style` can load
 * addresses.
 */
const CONFIG: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: [
    'form',
    'input',
    'button',
    'select',
    'option',
    'optgroup',
    'textarea',
    'datalist',
    'fieldset',
    'legend',
    'label',
    'output',
    'iframe',
    'frame',
    'frameset',
    'object',
    'embed',
    'applet',
    'video',
    'audio',
    'source',
    'track',
    'picture',
    'style',
    'link',
    'meta',
    'base',
    'template',
    'noscript',
    'dialog',
    'marquee',
  ],
  FORBID_ATTR: ['style', 'class', 'id', 'name', 'srcset', 'background', 'poster', 'action', 'formaction', 'ping'],
  // A textarea's content is raw text, markup included: none of it is the message.
  ADD_FORBID_CONTENTS: ['textarea'],
  // Links open in a new tab (set below on every link, whatever the input said).
  ADD_ATTR: ['target'],
};

/** Values no attribute keeps, even where harmless there (defense in depth, and the invariant the tests check). */
const SUSPICIOUS_VALUE = /<script|javascript:|\son\w+=/i;
const SCRIPT_LIKE_URL = /^\s*(?:javascript|vbscript|data):/i;

function createSanitizer(): DOMPurify {
  // An instance of our own, so these hooks never reach another use of DOMPurify in the app.
  const purify = createDOMPurify(window);
  purify.addHook('uponSanitizeAttribute', (node, event) => {
    if (SUSPICIOUS_VALUE.test(event.attrValue)) event.keepAttr = false;
    // No image from another site: the browser would fetch it without a click (rules.md "Security controls").
    // (Images are the only elements left that load a `src`.)
    if (event.attrName === 'src' && (node.nodeName !== 'IMG' || !isOwnImageSource(event.attrValue))) {
      event.keepAttr = false;
    }
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const href = node.getAttribute('href');
    if (href !== null && SCRIPT_LIKE_URL.test(href)) node.removeAttribute('href');
    if (node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    } else {
      node.removeAttribute('target');
    }
  });
  return purify;
}

let sanitizer: DOMPurify | undefined;
const MAX_PASSES = 4;

/** The text of some HTML, as HTML (parsed in an inert template: nothing loads). */
function plainTextOf(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  const text = template.content.textContent ?? '';
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Makes a user message's `htmlContent` (the composer's HTML) safe to insert as HTML (security.md 7d): no script,
 * event handler, `javascript:`/`data:` link, frame, form, plugin or external image survives, and links open in a
 * new tab without access to this page. The result goes straight into the DOM: never edit it afterwards.
 */
export function sanitizeMessageHtml(html: string): string {
  sanitizer ??= createSanitizer();
  // What the browser builds from the output may differ from the tree DOMPurify cleaned (an `<a>` left inside an
  // `<a>` once the element between them went, a table's foster parenting): clean the output again until parsing it
  // changes nothing, so the HTML inserted is exactly HTML that was checked as parsed.
  let clean = sanitizer.sanitize(html, CONFIG);
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const again = sanitizer.sanitize(clean, CONFIG);
    if (again === clean) return clean;
    clean = again;
  }
  // Still changing: keep only the text rather than insert markup that never settled.
  return plainTextOf(clean);
}
