export declare const SERVER_NODE_FLAGS: string[];
export declare const SERVER_ENV: Record<string, string>;
export declare function serverProcess(env: NodeJS.ProcessEnv): { nodeArgs: string[]; env: NodeJS.ProcessEnv };
