import type { Page } from '@playwright/test';
import { createGoogleUser, fakeGoogleClaims } from './auth-emulator/client';
import { ID_ADULT, ID_NARUTO } from './fake-upstream/fixtures.mjs';
import { expect, test } from './support';

/**
 * Security headers on every response, all given by next.config.ts (lib/server/security-headers.ts),
 * and a Content-Security-Policy that the app itself never trips. Pages are cached HTML shared by
 * everyone: one static policy for every page (docs/decisions/csp.md).
 */

const EVERY_RESPONSE = {
  'strict-transport-security': /max-age=\d{7,}/,
  'x-content-type-options': /^nosniff$/,
  'referrer-policy': /^strict-origin-when-cross-origin$/,
  'permissions-policy': /camera=\(\)/,
  'x-frame-options': /^DENY$/,
  'content-security-policy': /frame-ancestors 'none'/,
};

const PAGES = [
  '/',
  '/explore',
  '/search?q=naruto',
  `/anime/${ID_NARUTO}`,
  '/settings',
  '/watching',
  '/does-not-exist',
];
const OTHERS = [
  '/api/anime/20',
  '/api/anime/abc',
  '/images/anime-placeholder.svg',
  '/sounds/notification.wav',
];

function directive(policy: string, name: string): string[] {
  const found = policy
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find((d) => d[0] === name);
  return found ? found.slice(1) : [];
}

test.describe('security headers', () => {
  for (const path of [...PAGES, ...OTHERS]) {
    test(`${path} carries every security header`, async ({ request }) => {
      const response = await request.get(path);
      const headers = response.headers();
      for (const [name, pattern] of Object.entries(EVERY_RESPONSE))
        expect(headers[name], name).toMatch(pattern);
    });
  }

  test('a page runs scripts from our origin and its own inline ones, nothing else; one policy for every page', async ({
    request,
  }) => {
    const policies = new Set<string>();
    for (const path of ['/', `/anime/${ID_NARUTO}`, '/explore?tab=popular']) {
      const response = await request.get(path);
      const policy = response.headers()['content-security-policy']!;
      policies.add(policy);
      expect(directive(policy, 'script-src').slice(0, 2)).toEqual(["'self'", "'unsafe-inline'"]);
      expect(directive(policy, 'script-src').join(' ')).not.toMatch(/unsafe-eval|\*|https?:$|sha256/);
      expect(directive(policy, 'frame-src')).toEqual(['https://www.youtube-nocookie.com']);
      expect(directive(policy, 'img-src')).not.toContain('*');
      expect(directive(policy, 'img-src')).toContain('https://lh3.googleusercontent.com');
      expect(directive(policy, 'object-src')).toEqual(["'none'"]);
      expect(directive(policy, 'base-uri')).toEqual(["'self'"]);
    }
    expect(policies.size).toBe(1);
  });

  test('API answers, build files and public files may run nothing', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const script = /\/_next\/static\/chunks\/[\w.-]+\.js/.exec(html)?.[0];
    expect(script).toBeTruthy();
    for (const path of [script!, ...OTHERS]) {
      const policy = (await request.get(path)).headers()['content-security-policy'] ?? '';
      expect(directive(policy, 'default-src'), path).toEqual(["'none'"]);
    }
  });

  test("a page says only what Next's own cache did with it", async ({ request }) => {
    const first = await request.get('/explore?tab=popular');
    const second = await request.get('/explore?tab=popular');
    expect(second.headers()['x-front-cache']).toBeUndefined();
    expect(['HIT', 'STALE', 'MISS']).toContain(second.headers()['x-nextjs-cache']);
    expect(second.headers()['content-security-policy']).toBe(first.headers()['content-security-policy']);
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
  await block
    .getByRole('radiogroup', { name: 'Sua nota' })
    .getByRole('radio', { name: '4 estrelas' })
    .check({ force: true });
  await block.getByRole('textbox', { name: 'Sua opinião' }).fill('Muito bom.');
  await block.getByRole('button', { name: 'Salvar' }).click();
  await expect(block.getByTestId('rating-status')).toHaveText('Avaliação salva com sucesso!');
  await page.getByRole('button', { name: 'Criar Imagem para Compartilhar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compartilhar Avaliação' });
  await expect(dialog.getByRole('img', { name: 'Prévia da imagem da avaliação' })).toBeVisible({
    timeout: 30_000,
  });
  await page.keyboard.press('Escape');

  // Google sign-in against the Auth emulator, then the adult detail page loaded with the token.
  // A Google account's photo: the user menu loads it from Google's image host.
  const photo = 'https://lh3.googleusercontent.com/a/csp-test-photo=s96-c';
  const user = {
    sub: `csp-${Date.now()}`,
    name: 'Csp Adulto',
    email: `csp-${Date.now()}@example.com`,
    birthday: '1990-01-01',
    picture: photo,
  };
  await createGoogleUser(user);
  await page.evaluate(
    (claims) => localStorage.setItem('anime-master-emulator-identity', JSON.stringify(claims)),
    fakeGoogleClaims(user),
  );
  const photoRequested = page.waitForRequest(photo);
  await page.getByRole('banner').getByRole('button', { name: 'Entrar com Google' }).click();
  await expect(page.getByText('Login realizado com sucesso!')).toBeVisible();
  // The rating saved before signing in belongs to no account: whenever the question of joining it
  // to this one stands in the way, it is answered.
  await page.addLocatorHandler(
    page.getByRole('alertdialog', { name: /^Juntar 1 avaliação/ }),
    async (merge) => {
      await merge.getByRole('button', { name: 'Juntar à minha conta' }).click();
    },
  );
  // Requested at all only when the policy allows the host (the machine may have no internet).
  await photoRequested;
  await page.goto(`/anime/${ID_ADULT}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.goto('/settings?tab=data');
  await page.goto('/explore?tab=popular&view=list');
  await expect(page.getByRole('tabpanel')).toBeVisible();

  expect(violations).toEqual([]);
});
