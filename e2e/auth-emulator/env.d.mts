// Types for env.mjs.
export declare const AUTH_PROJECT_ID: string;
export declare function authEmulatorPort(): number;
export declare function authEmulatorHost(port?: number): string;
export declare function authBuildEnv(port?: number): Record<string, string>;
export declare function authServerEnv(port?: number): Record<string, string>;
