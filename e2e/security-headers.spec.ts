import type { Page } from '@playwright/test';
import { createGoogleUser, fakeGoogleClaims } from './auth-emulator/client';
import { ID_ADULT, ID_NARUTO } from './fake-upstream/fixtures.mjs';
import { expect, test } from './support';

/**
 * Security headers on every response and a Content-Security-Policy that the app itself never
 * trips (issue 15). Pages are cached HTML shared by everyone, so their policy allows their own
 * inline scripts by hash (scripts/security-headers.mjs), never 'unsafe-inline'.
 */

const EVERY_RESPONSE = {
  'strict-transport-security': /max-age=\d{7,}/,
  'x-content-type-options': /^nosniff$/,
  'referrer-policy': /^strict-origin-when-cross-origin$/,
  'permissions-policy': /camera=\(\)/,
  'x-frame-options': /^DENY$/,
  'content-security-policy': /frame-ancestors 'none'/,
};

const PAGES = ['/', '/explore', '/search?q=naruto', `/anime/${ID_NARUTO}`, '/settings', '/watching', '/does-not-exist'];
const OTHERS = ['/api/anime/20', '/api/anime/abc', '/images/anime-placeholder.svg', '/sounds/notification.wav'];

function directive(policy: string, name: string): string[] {
  const found = policy.split(';').map((d) => d.trim().split(/\s+/)).find((d) => d[0] === name);
  return found ? found.slice(1) : [];
}

test.describe('security headers', () => {
  for (const path of [...PAGES, ...OTHERS]) {
    test(`${path} carries every security header`, async ({ request }) => {
      const response = await request.get(path);
      const headers = response.headers();
      for (const [name, pattern] of Object.entries(EVERY_RESPONSE)) expect(headers[name], name).toMatch(pattern);
    });
  }

  test('a page allows scripts from our origin and its own inline scripts by hash, nothing else', async ({ request }) => {
    for (const path of ['/', `/anime/${ID_NARUTO}`]) {
      const response = await request.get(path);
      const html = await response.text();
      const policy = response.headers()['content-security-policy']!;
      const scripts = directive(policy, 'script-src');
      expect(scripts[0]).toBe("'self'");
      expect(scripts.join(' ')).not.toMatch(/unsafe|\*|https?:$/);
      const hashes = scripts.filter((s) => s.startsWith("'sha256-"));
      const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>/g)].length;
      expect(hashes.length).toBeGreaterThan(0);
      expect(hashes.length).toBeLessThanOrEqual(inline);
      expect(directive(policy, 'frame-src')).toEqual(['https://www.youtube-nocookie.com']);
      expect(directive(policy, 'img-src')).not.toContain('*');
      expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    }
  });

  test('a cached page is answered from the front cache, compressed, with the same policy', async ({ request }) => {
    const first = await request.get('/explore?tab=popular');
    const second = await request.get('/explore?tab=popular');
    expect(second.headers()['x-front-cache']).toBe('HIT');
    expect(second.headers()['content-security-policy']).toBe(first.headers()['content-security-policy']);
    expect(await second.text()).toBe(await first.text());
    expect(second.headers()['content-encoding']).toMatch(/^(br|gzip)$/);
  });
});

/** Collects every CSP violation the page reports, from before its first script on. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      void (window as unknown as { __reportViolation: (t: string) => void }).__reportViolation(
        `${event.violatedDirective} blocked ${event.blockedURI} on ${location.pathname} (${event.sourceFile}:${event.lineNumber}:${event.columnNumber})`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test('using the app reports no Content-Security-Policy violation', async ({ page }) => {
  test.setTimeout(120_000);
  const violations = await watchViolations(page);

  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Animes da Temporada Atual' })).toBeVisible();
  await page.getByRole('button', { name: 'Alternar tema' }).click();

  const search = page.getByRole('banner').getByRole('combobox', { name: 'Buscar animes' });
  await search.fill('naruto');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=naruto/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resultados da Busca');

  await page.goto(`/anime/${ID_NARUTO}`);
  await page.getByRole('button', { name: 'Reproduzir o trailer de Naruto' }).click();
  await expect(page.getByTestId('trailer-embed')).toBeVisible();

  const block = page.getByTestId('rating-block');
  await block.getByRole('radiogroup', { name: 'Sua nota' }).getByRole('radio', { name: '4 estrelas' }).check({ force: true });
  await block.getByRole('textbox', { name: 'Sua opinião' }).fill('Muito bom.');
  await block.getByRole('button', { name: 'Salvar' }).click();
  await expect(block.getByTestId('rating-status')).toHaveText('Avaliação salva com sucesso!');
  await page.getByRole('button', { name: 'Criar Imagem para Compartilhar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compartilhar Avaliação' });
  await expect(dialog.getByRole('img', { name: 'Prévia da imagem da avaliação' })).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('Escape');

  // Google sign-in against the Auth emulator, then the adult detail page loaded with the token.
  const user = { sub: `csp-${Date.now()}`, name: 'Csp Adulto', email: `csp-${Date.now()}@example.com`, birthday: '1990-01-01' };
  await createGoogleUser(user);
  await page.evaluate((claims) => localStorage.setItem('anime-master-emulator-identity', JSON.stringify(claims)), fakeGoogleClaims(user));
  await page.getByRole('banner').getByRole('button', { name: 'Entrar com Google' }).click();
  await expect(page.getByText('Login realizado com sucesso!')).toBeVisible();
  await page.goto(`/anime/${ID_ADULT}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.goto('/settings?tab=data');
  await page.goto('/explore?tab=popular&view=list');
  await expect(page.getByRole('tabpanel')).toBeVisible();

  expect(violations).toEqual([]);
});
