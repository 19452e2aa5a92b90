export function inlineScriptHashes(html: string): string[];
export interface PolicySources {
  connect: string[];
  script: string[];
  frame: string[];
}
export function policySources(publicEnv?: Record<string, string | undefined>): PolicySources;
export function pagePolicy(scriptHashes: string[], sources?: PolicySources): string;
export const RESOURCE_POLICY: string;
export const COMMON_SECURITY_HEADERS: Record<string, string>;
