'use client';

import { useEffect } from 'react';
import { logger } from '@/lib/logger';

/** Unhandled rejections and global errors are logged, not shown (SPEC §8). Renders nothing. */
export function GlobalErrorLogger() {
  useEffect(() => logger.installGlobalHandlers(), []);
  return null;
}
