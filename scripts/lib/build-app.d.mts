export declare const ROOT: string;
export declare const SERVER_BUNDLE: string;
export declare const NEW_DATABASE: string;
export declare const SERVER_NODE_FLAGS: readonly string[];
export declare function needsBuild(): boolean;
export declare function buildApp(options?: { force?: boolean }): Promise<string[]>;
