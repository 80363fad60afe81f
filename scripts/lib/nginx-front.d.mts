export declare const NGINX: string;
export declare function siteFor(listen: number, processPorts: number[]): Promise<string>;
export declare function startNginxFront(
  processPorts: number[],
): Promise<{ url: string; pid: number; stop(): Promise<void> }>;
