'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';

/**
 * Developer tool on /test: throws during render so the error boundary (SPEC §4) can be seen and
 * exercised. After 'Tentar Novamente' the boundary remounts this component in its calm state.
 */
export function RenderErrorTrigger({ label }: { label: string }) {
  const [broken, setBroken] = useState(false);
  if (broken) {
    throw new Error('Simulated render error from /test');
  }
  return (
    <Button variant="danger" onClick={() => setBroken(true)} data-testid="simulate-render-error">
      {label}
    </Button>
  );
}
