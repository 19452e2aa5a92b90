export function redisServerPath(): string | null;
