export declare function freePort(): Promise<number>;
export declare function startBuiltServer(
  dataDir: string,
  options?: { stdio?: 'ignore' | 'inherit' },
): Promise<{ url: string; stop(): Promise<void>; msToHealthy: number }>;
