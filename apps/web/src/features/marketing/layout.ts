/** The shared content width of the marketing pages. */
export const CONTAINER = 'mx-auto w-full max-w-6xl px-4 sm:px-6';
