/** The id of the data block in `index.html` that the build writes (`build/first-screens.ts`) and the entry reads. */
export const FIRST_SCREENS_ID = 'first-screens';

/** Screen path (exact, or a prefix ending in `/`) to the chunks it needs beyond the app chunk, written by the build. */
type FirstScreens = Record<string, string[]>;

/**
 * Modulepreloads the chunks of the screen at `pathname`, as named by the build in `index.html`'s `first-screens`
 * block (`build/first-screens.ts`), so they download beside the app chunk rather than once it has run and asked for
 * them (decision 030). Low priority, like the app chunk: the first paint needs none of them.
 */
export function preloadFirstScreen(pathname: string): void {
  const block = document.getElementById(FIRST_SCREENS_ID);
  if (!block?.textContent) return;
  const screens = JSON.parse(block.textContent) as FirstScreens;
  const match = Object.keys(screens).find((path) =>
    path.endsWith('/') ? pathname.startsWith(path) : pathname === path,
  );
  for (const file of match ? screens[match]! : []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = `/${file}`;
    link.setAttribute('fetchpriority', 'low');
    document.head.append(link);
  }
}
