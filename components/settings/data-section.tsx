'use client';

import { DataTab } from './data-tab';
import { StatisticsPanel } from './statistics-panel';

/** Dados (SPEC §2): backup export, import and clear (the DataTab), then real statistics. */
export function DataSection() {
  return (
    <>
      <DataTab />
      <StatisticsPanel />
    </>
  );
}
