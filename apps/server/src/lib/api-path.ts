/** Whether a request URL (path and query) is for the API rather than a page or an asset. */
export function isApiUrl(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return pathname === '/api' || pathname.startsWith('/api/');
}
