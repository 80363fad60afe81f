import type { Plugin } from 'vite';

/**
 * Puts the entry's stylesheet into `index.html` as a `<style>` element, so the first paint (the shell: header and
 * skeleton) needs the HTML alone, not a second request (decision 023). The CSP allows inline styles, not inline
 * scripts. The file stays in the build, named in the manifest; chunks' own stylesheets still load with them.
 */
export function inlineEntryCss(): Plugin {
  return {
    name: 'turtle-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        return html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (link, file: string) => {
          const asset = bundle[file];
          if (asset?.type !== 'asset') return link;
          const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          // The disabled link is never fetched; it tells Vite's chunk loader, which adds a chunk's stylesheets
          // unless a `<link rel="stylesheet">` to them is in the page, that this one is here already.
          return `<style>${css.replaceAll('</style', '<\\/style')}</style>\n    <link rel="stylesheet" href="/${file}" disabled>`;
        });
      },
    },
  };
}
