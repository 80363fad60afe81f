// The one model the chat benchmark's fake upstream serves (a local-looking name, as Ollama's); its own module, so the
// benchmark can name it without importing the fake, which starts listening when loaded.
export const BENCH_MODEL = 'llama3.1:8b';
