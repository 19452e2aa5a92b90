import type { Page } from '@playwright/test';
import { expect, test } from './support';

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
  test('opens generating a PNG 800 px wide (400 px at scale 2) with content and transparent corners', async ({ page }) => {
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

  test('downloads as anime-master-review-{title}.png and tweets the first 50 characters', async ({ page }) => {
    const opinion = 'Space cowboys, jazz and regret: the best ending I have ever watched in any series.';
    await openDialog(page, opinion);
    await expect(preview(page)).toBeVisible({ timeout: 20_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog(page).getByRole('link', { name: 'Baixar Imagem' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('anime-master-review-cowboy-bebop.png');
    const tweet = new URL((await dialog(page).getByRole('link', { name: 'Compartilhar no Twitter' }).getAttribute('href'))!);
    expect(tweet.hostname).toBe('twitter.com');
    expect(tweet.searchParams.get('text')).toBe(`Cowboy Bebop — 5/5: "${opinion.slice(0, 50).trimEnd()}…"`);
    expect(tweet.searchParams.get('url')).toMatch(/\/anime\/1$/);
    // The card itself shows the whole opinion up to 150 characters.
    await expect(page.getByTestId('review-card')).toContainText(opinion);
  });

  test('a failed capture shows the reason and "Tentar Novamente" generates it', async ({ page }) => {
    // The failure a tainted canvas causes: exporting it throws a SecurityError (once).
    await page.addInitScript(() => {
      const original = HTMLCanvasElement.prototype.toDataURL;
      let failures = 1;
      HTMLCanvasElement.prototype.toDataURL = function (this: HTMLCanvasElement, ...args: Parameters<typeof original>) {
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
    await expect(alert).toContainText('Erro ao gerar imagem: Tainted canvases may not be exported.', { timeout: 20_000 });
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

  test('when the capture library cannot load, says so; closing resets and reopening tries again', async ({ page }) => {
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
