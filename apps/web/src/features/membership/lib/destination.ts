/**
 * Where a billing call says to go next: an address on another site (Stripe Checkout, the billing portal) leaves
 * the app with a full page load; a path on this site ("/checkout/demo?session=…") is a router navigation.
 */
export function isExternalUrl(url: string): boolean {
  // "//host" is protocol-relative: another site too.
  return /^[a-z][a-z\d+.-]*:/i.test(url) || url.startsWith('//');
}
