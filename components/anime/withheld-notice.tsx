'use client';

import { selectCanAccessAdult, useAuthStore } from '@/lib/stores/auth-store';
import { WithheldNoticeView } from './withheld-notice-view';

/** WithheldNoticeView, hidden once sign-in resolves as a verified adult (their list is full). */
export function WithheldNotice({ count, className }: { count: number; className?: string }) {
  const adult = useAuthStore(selectCanAccessAdult);
  if (adult) return null;
  return <WithheldNoticeView count={count} className={className} />;
}
