'use client';

import { WithheldNoticeView } from '@/components/anime/withheld-notice-view';
import { selectCanAccessAdult, useAuthStore } from '@/lib/stores/auth-store';

/**
 * 'N títulos adultos ocultos nesta página' (WithheldNoticeView's 'hidden' reason), hidden once
 * sign-in resolves as a verified adult (their listing is swapped for the full one).
 */
export function HiddenAdultNotice({ count, className }: { count: number; className?: string }) {
  const adult = useAuthStore(selectCanAccessAdult);
  if (adult) return null;
  return <WithheldNoticeView count={count} reason="hidden" className={className} />;
}
