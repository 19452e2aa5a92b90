import { createCatalogueState } from '@/lib/catalogue';
import { Catalogue } from '@/lib/catalogue/catalogue';
import { CATALOGUE_FORMAT } from '@/lib/catalogue/convert.mjs';
import { createRecordStoreState } from '@/lib/records';
import { freshProcess, provideProcessState } from './process';

/** An offline catalogue with no records. */
export function emptyCatalogue(): Catalogue {
  return new Catalogue({
    format: CATALOGUE_FORMAT,
    source: { name: 'bangumi-data', version: 'test', license: 'CC-BY-4.0' },
    sites: {},
    records: [],
  });
}

/**
 * A fresh data layer for a test of lib/jikan and what calls it: the settings read again from
 * process.env, a new cache, limiter, budgets, client memories and title ids, an offline catalogue
 * with no records (`catalogue` when given) and no durable store, so a failure stays a failure
 * unless the test passes a store in (`provideProcessState('records', createRecordStoreState(db))`).
 */
export function freshDataLayer(catalogue: Catalogue = emptyCatalogue()): void {
  freshProcess('env', 'redis', 'cache', 'rate-limiter', 'client-budget', 'jikan-client', 'jikan');
  provideProcessState('catalogue', createCatalogueState(catalogue));
  provideProcessState('records', createRecordStoreState(null));
}
