import type { Page } from '@playwright/test';
import { expect, fake, test, useLanguage } from './support';

/**
 * The review image (SPEC §2, §4, §8, §9), driven from the /test page's tester (the detail page's
 * 'Criar Imagem para Compartilhar' opens the same dialog).
 */

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Compartilhar Avaliação' });
const preview = (page: Page) => dialog(page).getByRole('img', { name: 'Prévia da imagem da avaliação' });

async function openDialog(page: Page, opinion = 'Uma obra-prima do começo ao fim.') {
  await page.goto('/test');
  await page.getByLabel('Opinião').fill(opinion);
  await page.getByRole('button', { name: 'Criar imagem de teste (anime 1)' }).click();
  await expect(dialog(page)).toBeVisible();
}

/** Decodes the preview's PNG in the page: its size and how many pixels are not transparent. */
async function decodePreview(page: Page) {
  return preview(page).evaluate(async (img: HTMLImageElement) => {
    const image = new Image();
    image.src = img.src;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let opaque = 0;
    let distinct = new Set<number>();
    for (let index = 0; index < data.length; index += 4) {
      if (data[index + 3]! > 0) opaque += 1;
      if (distinct.size < 64) distinct.add((data[index]! << 16) | (data[index + 1]! << 8) | data[index + 2]!);
    }
    const corner = data[3];
    distinct = new Set(distinct);
    return {
      src: img.src.slice(0, 22),
      width: image.naturalWidth,
      height: image.naturalHeight,
      opaque,
      colours: distinct.size,
      cornerAlpha: corner,
    };
  });
}

test.describe('review image', () => {
  test('opens generating a PNG 800 px wide (400 px at scale 2) with content and transparent corners', async ({
    page,
  }) => {
    // Hold the cover back so the busy state can be seen, then let it through.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_next/image?**', async (route) => {
      await held;
      await route.continue();
    });
    await openDialog(page);
    await expect(dialog(page).getByRole('status')).toHaveText('Gerando sua imagem...');
    release();
    await expect(preview(page)).toBeVisible({ timeout: 20_000 });
    const png = await decodePreview(page);
    expect(png.src).toBe('data:image/png;base64,');
    expect(png.width).toBe(800);
    expect(png.height).toBeGreaterThan(300);
    expect(png.opaque).toBeGreaterThan(png.width * png.height * 0.8);
    expect(png.colours).toBeGreaterThan(10);
    expect(png.cornerAlpha).toBe(0);
  });

  test('downloads as anime-master-review-{title}.png and tweets the first 50 characters', async ({
    page,
  }) => {
    const opinion = 'Space cowboys, jazz and regret: the best ending I have ever watched in any series.';
    await openDialog(page, opinion);
    await expect(preview(page)).toBeVisible({ timeout: 20_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog(page).getByRole('link', { name: 'Baixar Imagem' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('anime-master-review-cowboy-bebop.png');
    const tweet = new URL(
      (await dialog(page).getByRole('link', { name: 'Compartilhar no Twitter' }).getAttribute('href'))!,
    );
    expect(tweet.hostname).toBe('twitter.com');
    expect(tweet.searchParams.get('text')).toBe(`Cowboy Bebop — 5/5: "${opinion.slice(0, 50).trimEnd()}…"`);
    // The tweet links to the review page, which previews as the card.
    const shared = new URL(tweet.searchParams.get('url')!);
    expect(shared.pathname).toBe('/anime/1/review');
    expect(shared.searchParams.get('s')).toBe('5');
    expect(shared.searchParams.get('o')).toBe(opinion);
    // The card itself shows the whole opinion up to 150 characters.
    await expect(page.getByTestId('review-card')).toContainText(opinion);
  });

  test('a failed capture shows the reason and "Tentar Novamente" generates it', async ({ page }) => {
    // The failure a tainted canvas causes: exporting it throws a SecurityError (once).
    await page.addInitScript(() => {
      const original = HTMLCanvasElement.prototype.toDataURL;
      let failures = 1;
      HTMLCanvasElement.prototype.toDataURL = function (
        this: HTMLCanvasElement,
        ...args: Parameters<typeof original>
      ) {
        // Only the review image's export (800 px wide): the library exports other canvases too.
        if (failures > 0 && this.width === 800) {
          failures -= 1;
          throw new DOMException('Tainted canvases may not be exported.', 'SecurityError');
        }
        return original.apply(this, args);
      };
    });
    await openDialog(page);
    const alert = dialog(page).getByRole('alert');
    await expect(alert).toContainText('Erro ao gerar imagem: Tainted canvases may not be exported.', {
      timeout: 20_000,
    });
    await alert.getByRole('button', { name: 'Tentar Novamente' }).click();
    await expect(preview(page)).toBeVisible({ timeout: 20_000 });
    expect((await decodePreview(page)).width).toBe(800);
  });

  test('the card cuts a long opinion at 150 characters', async ({ page }) => {
    const opinion = `${'Muito bom. '.repeat(20)}FIM`;
    await openDialog(page, opinion);
    await expect(preview(page)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('review-card')).toContainText(`${opinion.slice(0, 150).trimEnd()}…`);
    await expect(page.getByTestId('review-card')).not.toContainText('FIM');
  });

  test('when the capture library cannot load, says so; closing resets and reopening tries again', async ({
    page,
  }) => {
    let block = true;
    await page.route('**/_next/static/chunks/**', async (route) => {
      let response;
      let body;
      try {
        response = await route.fetch();
        body = await response.text();
      } catch {
        // The browser dropped this request meanwhile (a prefetch cancelled): nothing to answer.
        return;
      }
      if (block && body.includes('Invalid element provided as first argument')) return route.abort();
      return route.fulfill({ response, body }).catch(() => undefined);
    });
    await openDialog(page, '');
    await expect(page.getByTestId('review-card')).toContainText('Nenhuma opinião fornecida.');
    await expect(dialog(page).getByRole('alert')).toContainText(
      'Erro ao gerar imagem: Biblioteca html2canvas não está disponível. Instalação falhou ou está pendente.',
      { timeout: 20_000 },
    );
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await expect(page.getByRole('button', { name: 'Criar imagem de teste (anime 1)' })).toBeFocused();
    block = false;
    await page.getByRole('button', { name: 'Criar imagem de teste (anime 1)' }).click();
    await expect(dialog(page).getByText('Gerando sua imagem...').or(preview(page))).toBeVisible();
  });

  test("the detail page's 'Criar Imagem para Compartilhar' opens it for a saved rating", async ({ page }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('animeRating_1', JSON.stringify({ rating: 4, opinion: 'Bang.' }));
      }
    });
    await page.goto('/anime/1');
    const button = page.getByRole('button', { name: 'Criar Imagem para Compartilhar' });
    await button.click();
    await expect(preview(page)).toBeVisible({ timeout: 20_000 });
    expect((await decodePreview(page)).width).toBe(800);
    await expect(page.getByTestId('review-card')).toContainText('Bang.');
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await expect(button).toBeFocused();
  });
});

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(body: Buffer): { width: number; height: number } {
  expect([...body.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(body.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

function metaContent(html: string, attribute: 'name' | 'property', key: string): string | undefined {
  return new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&');
}

const reviewUrl = (id: number | string, params: Record<string, string>) =>
  `/anime/${id}/review?${new URLSearchParams(params).toString()}`;

test.describe('review link', () => {
  test('the dialog offers the review link: copied, tweeted, and it opens the review', async ({ page }) => {
    const opinion = 'Jazz, cowboys e saudade: <b>impecável</b>.';
    await openDialog(page, opinion);
    const field = dialog(page).getByRole('textbox', { name: 'Link da avaliação' });
    const link = new URL(await field.inputValue());
    expect(link.pathname).toBe('/anime/1/review');
    expect(link.searchParams.get('s')).toBe('5');
    expect(link.searchParams.get('o')).toBe(opinion);
    // The fallback copy method (no Clipboard API over plain http in some browsers).
    await page.evaluate(() =>
      Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true }),
    );
    await dialog(page).getByRole('button', { name: 'Copiar link' }).click();
    await expect(dialog(page).getByRole('status').filter({ hasText: 'Link copiado!' })).toBeVisible();
    await expect(preview(page)).toBeVisible({ timeout: 20_000 });
    const tweet = new URL(
      (await dialog(page).getByRole('link', { name: 'Compartilhar no Twitter' }).getAttribute('href'))!,
    );
    expect(tweet.searchParams.get('url')).toBe(link.href);

    await page.goto(link.pathname + link.search);
    await expect(page.getByRole('heading', { level: 1, name: 'Cowboy Bebop' })).toBeVisible();
    await expect(page.getByRole('img', { name: '5 de 5 estrelas' })).toBeVisible();
    // The opinion is text: its markup is shown, never parsed.
    await expect(page.getByTestId('review-opinion')).toHaveText(opinion);
    await expect(page.getByTestId('review-opinion').locator('b')).toHaveCount(0);
    await expect(page.getByTestId('review-page').locator('[data-cover]')).toHaveCount(1);
    await page.getByRole('link', { name: 'Ver página do anime' }).click();
    await expect(page).toHaveURL(/\/anime\/1$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Cowboy Bebop' })).toBeVisible();
  });

  test('an adult record shows no cover, as on the anonymous detail page', async ({ page }) => {
    const response = await page.goto(reviewUrl(90106, { s: '2', o: 'Não é para mim.' }));
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Natsu no Ryou' })).toBeVisible();
    await expect(page.getByTestId('review-adult-note')).toBeVisible();
    await expect(page.locator('[data-cover]')).toHaveCount(0);
    await expect(page.getByTestId('review-opinion')).toHaveText('Não é para mim.');
  });

  test('in English, with no opinion', async ({ page }) => {
    await useLanguage(page, 'en');
    await page.goto(reviewUrl(1, { s: '3' }));
    await expect(page.getByRole('img', { name: '3 out of 5 stars' })).toBeVisible();
    await expect(page.getByTestId('review-opinion')).toHaveText('No opinion provided.');
    await expect(page.getByRole('link', { name: 'View the anime page' })).toHaveAttribute('href', '/anime/1');
  });

  test('the HTML without JavaScript has the review and og:image / twitter:image: a 1200×630 PNG card', async ({
    request,
  }) => {
    const response = await request.get(reviewUrl(1, { s: '4', o: 'Bang. <script>alert(1)</script>' }));
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>Avaliação de Cowboy Bebop: 4/5 · Anime Master</title>');
    expect(html).toContain('Bang. &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(metaContent(html, 'property', 'og:description')).toBe(
      '“Bang. &lt;script&gt;alert(1)&lt;/script&gt;” — opinião de um fã',
    );
    expect(metaContent(html, 'name', 'robots')).toBe('noindex, follow');
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'property', 'og:image:width')).toBe('1200');
    for (const key of ['og:image', 'twitter:image'] as const) {
      const link = metaContent(html, key === 'og:image' ? 'property' : 'name', key);
      expect(link, key).toMatch(/^http.*\/api\/card\/pt\/review\/1\/4\/[\w-]+$/);
      // The link is absolute (metadataBase); follow its path on this server.
      const { pathname, search } = new URL(link!);
      const image = await request.get(pathname + search);
      expect(image.status()).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
      const body = await image.body();
      expect(pngSize(body)).toEqual({ width: 1200, height: 630 });
      expect(body.length).toBeGreaterThan(10_000);
    }
  });

  test('a broken link says so plainly, with the way on', async ({ page }) => {
    for (const url of [
      reviewUrl(1, { s: '9', o: 'x' }),
      reviewUrl('abc', { s: '4' }),
      reviewUrl(999999, { s: '4' }),
    ]) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Avaliação não encontrada' })).toBeVisible();
      await expect(page.getByText('Este link de avaliação está incompleto ou foi alterado')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Explorar animes' })).toHaveAttribute('href', '/explore');
    }
  });

  test('broken or hostile links answer 404, never 500, and cost no upstream call', async ({ request }) => {
    const before = Date.now();
    const broken: Record<string, string>[] = [
      {},
      { s: '0' },
      { s: '6', o: 'x' },
      { s: '4.5' },
      { s: '05' },
      { s: '<script>' },
    ];
    for (const query of broken) {
      expect((await request.get(reviewUrl(1, query))).status(), JSON.stringify(query)).toBe(404);
    }
    for (const id of ['abc', '0', '-1', '12345678901234567']) {
      expect((await request.get(reviewUrl(id, { s: '4' }))).status(), id).toBe(404);
    }
    // Broken links cost no upstream call.
    const calls = await fake.calls({ service: 'jikan', since: before });
    expect(
      calls.filter((call) => /\/anime\/(abc|0|-1|12345678901234567)(\/|$)/.test(call.path)),
    ).toHaveLength(0);

    // An over-long opinion with control and bidirectional characters: cleaned, cut, shown as text.
    const hostile = `\u202E\u0000${'<i>x</i> '.repeat(100)}`;
    const page = await request.get(reviewUrl(1, { s: '3', o: hostile }));
    expect(page.status()).toBe(200);
    const html = await page.text();
    expect(html).not.toContain('<i>x</i>');
    expect(html).not.toContain('\u202E');
    const shown = /data-testid="review-opinion">([^<]*)</.exec(html)?.[1] ?? '';
    expect(shown.endsWith('…')).toBe(true);
    expect(Array.from(shown.replace(/&lt;/g, '<').replace(/&gt;/g, '>'))).toHaveLength(151);

    // The card's own address checks its input too (an old card address is redirected there).
    for (const path of [
      '/api/card/pt/review/1/9/-',
      '/api/card/pt/review/abc/5/-',
      '/api/card/en/review/1/0/-',
      '/api/card/xx/review/1/5/-',
      '/en/review/1/0/-/twitter-image',
    ]) {
      expect((await request.get(path)).status(), path).toBe(404);
    }
    // The internal page path is not a public address.
    expect((await request.get('/review/1/5/-')).status()).toBe(404);
    expect((await request.get('/unavailable/detail')).status()).toBe(404);
  });
});
