import { expect, test } from '@playwright/test';
import { startPrivateStack, type PrivateStack } from '../discovery/private-stack';

/**
 * A request's upstream work ends within one JIKAN_TIMEOUT_MS: the page's metadata and its body
 * share one load of the record, and do not each wait for a hanging anime database. A private stack, so the
 * fault and the short timeout disturb no other spec.
 */
const TIMEOUT_MS = 5000;
/** One timeout, plus what a busy 2-core machine adds to a render; two timeouts would be 10 s. */
const ONE_TIMEOUT_MS = 2 * TIMEOUT_MS - 1000;

test.describe('a hanging anime database costs one timeout per request (private server)', () => {
  test.describe.configure({ mode: 'serial' });
  let stack: PrivateStack;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    stack = await startPrivateStack({ JIKAN_TIMEOUT_MS: String(TIMEOUT_MS) });
    await stack.fake.setFault({ service: 'jikan', mode: 'hang', match: '/anime/' });
  });
  test.afterAll(async () => {
    await stack?.close();
  });

  async function timed(path: string): Promise<{ status: number; ms: number; body: string }> {
    const started = performance.now();
    const response = await fetch(stack.appUrl + path);
    const body = await response.text();
    return { status: response.status, ms: performance.now() - started, body };
  }

  test('the detail page answers from the offline catalogue within one timeout', async () => {
    test.setTimeout(60_000);
    const page = await timed('/anime/21');
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/ONE PIECE/);
    expect(page.ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 500);
    expect(page.ms).toBeLessThan(ONE_TIMEOUT_MS);
  });

  test('a review card image is drawn within one timeout', async () => {
    test.setTimeout(60_000);
    const image = await timed('/api/card/pt/review/20/5/-');
    expect(image.status).toBe(200);
    expect(image.ms).toBeLessThan(ONE_TIMEOUT_MS);
  });
});
