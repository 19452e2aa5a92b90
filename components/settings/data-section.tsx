'use client';

import { StatisticsPanel } from './statistics-panel';

/** Dados (SPEC §2): backup export, import and clear (the DataTab), then the statistics. */
export function DataSection() {
  return <StatisticsPanel />;
}
