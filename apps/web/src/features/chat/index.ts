/**
 * The spec's test and demo screens for the route table (product.md §2): each a dynamic import, so each stays a chunk
 * of its own and this module adds only the loaders to the app's chunk (decision 020).
 */
export const loadTestScreen = () => import('./test-page/test-screen');
export const loadChatInputDemoScreen = () => import('./demos/chat-input-demo-screen');
export const loadChatInputDemoV2Screen = () => import('./demos/chat-input-demo-v2-screen');
export const loadMarkdownDemoScreen = () => import('./demos/markdown-demo-screen');
