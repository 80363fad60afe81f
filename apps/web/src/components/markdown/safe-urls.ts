import { defaultUrlTransform, type UrlTransform } from 'react-markdown';
import { DATA_IMAGE } from './own-image-source';

/**
 * product.md §2: markdown link and image addresses keep only http, https, irc, ircs, mailto and xmpp, or relative ones;
 * others are blanked (react-markdown's own rule). Images may also be inline `data:` rasters.
 */
export const markdownUrlTransform: UrlTransform = (url, key, node) => {
  if (key === 'src' && node.tagName === 'img' && DATA_IMAGE.test(url.trim())) return url;
  return defaultUrlTransform(url);
};
