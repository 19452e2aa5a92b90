import type { Redis } from 'ioredis';

export const COMMAND_TIMEOUT_MS: number;
export const FIRST_CONNECT_WAIT_MS: number;
export function createRedisClient(url: string): Redis;
export function redisUsable(redis: Redis): Promise<boolean>;
export class RedisHealth {
  constructor(label: string, fallback?: string);
  readonly down: boolean;
  failed(error: unknown): void;
  worked(): void;
}
