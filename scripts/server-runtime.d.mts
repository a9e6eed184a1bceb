export declare const SERVER_ENV: Record<string, string>;
export declare function serverEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
