/**
 * Runs `callback` once the browser has painted what the page holds now: after the next frame in a visible tab (a
 * timer set inside `requestAnimationFrame` runs after that frame's paint), at once in a hidden one, where frames do
 * not come until the tab is shown.
 */
export function afterFirstPaint(callback: () => void): void {
  if (document.visibilityState === 'hidden') {
    callback();
    return;
  }
  requestAnimationFrame(() => setTimeout(callback, 0));
}
