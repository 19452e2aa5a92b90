'use client';

import { AccessBadge } from '@/components/auth/access-badge';
import { UserMenu } from '@/components/auth/user-menu';

/** The header's access badge and sign-in area (SPEC §2 Header), loaded by LazyHeaderAccount. */
export default function HeaderAccount() {
  return (
    <>
      <AccessBadge compact />
      <UserMenu compact />
    </>
  );
}
