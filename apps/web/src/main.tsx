import { afterFirstPaint } from './after-first-paint';
import { preloadFirstScreen } from './first-screen';
import './styles.css';

// The shell in index.html (its header and skeleton, styled by the inlined stylesheet) paints before the app's code
// is evaluated (decision 026). The app's chunks are modulepreloaded by index.html, so they download meanwhile, and
// so do the chunks of the screen the address names (decision 030).
preloadFirstScreen(window.location.pathname);
afterFirstPaint(() => {
  import('./app/start-app').catch((error: unknown) => console.error('The app failed to load.', error));
});
