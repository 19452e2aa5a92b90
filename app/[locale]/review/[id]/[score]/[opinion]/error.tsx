'use client';

import { DetailUnavailableReload } from '@/components/detail/detail-unavailable';

/** The anime behind a review link could not be loaded (the failed render is not cached). */
export default function ReviewError() {
  return <DetailUnavailableReload />;
}
