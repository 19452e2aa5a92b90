import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support';
import { seedStorage, snapshot } from './seed';

const seed = {
  watchingList: [950001, 950002],
  'anime-master-list-entries': {
    950001: {
      snapshot: snapshot('Acessível Um', { coverId: 20 }),
      progress: 1,
      startedAt: '2026-11-01',
      finishedAt: null,
    },
    950002: {
      snapshot: snapshot('Acessível Dois', { coverId: 21 }),
      progress: 0,
      startedAt: null,
      finishedAt: null,
    },
  },
  animeRating_950001: { rating: 4, opinion: 'Opinião curta' },
  'anime-master-rating-entries': {
    950001: { snapshot: snapshot('Acessível Um', { coverId: 20 }), ratedAt: '2026-11-20T10:00:00.000Z' },
  },
};

for (const theme of ['light', 'dark'] as const) {
  test(`list, ratings and data pages have no axe violations (${theme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    await seedStorage(page, seed, '/watching');
    for (const [path, ready] of [
      ['/watching', 'Acessível Dois'],
      ['/my-ratings', 'Opinião curta'],
      ['/settings?tab=data', 'Exportar Dados'],
      ['/dropped', 'Sua lista "Animes Desistidos" está vazia.'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByText(ready).first()).toBeVisible();
      const results = await new AxeBuilder({ page })
        .include('main')
        .withTags(['wcag2a', 'wcag2aa'])
        .analyze();
      expect(
        results.violations.map((violation) => `${path}: ${violation.id} ${violation.nodes[0]?.target}`),
      ).toEqual([]);
    }
  });
}
