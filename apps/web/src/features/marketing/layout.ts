/**
 * The shared content width of the marketing pages: product.md §2's main area, at most 4xl wide (decision 005, as
 * updated since). Only the sections' coloured bands reach the window's edges.
 */
export const CONTAINER = 'mx-auto w-full max-w-4xl px-4 sm:px-6';
