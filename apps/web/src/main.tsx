import { afterFirstPaint } from './after-first-paint';
import './styles.css';

// The shell in index.html (its header and skeleton, styled by the inlined stylesheet) paints before the app's code
// is evaluated (decision 026). The app's chunks are modulepreloaded by index.html, so they download meanwhile.
afterFirstPaint(() => {
  import('./app/start-app').catch((error: unknown) => console.error('The app failed to load.', error));
});
