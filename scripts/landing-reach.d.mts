// Types of landing-reach.mjs (plain JavaScript so eslint.config.js can import it).
export declare const LANDING_ENTRIES: readonly string[];
export declare function runtimeSpecifiers(source: string): string[];
export declare function landingReach(root?: string): string[];
