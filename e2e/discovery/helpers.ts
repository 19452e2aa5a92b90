import type { Locator, Page } from '@playwright/test';

/** A search term no other test (or earlier run within the app's 10 minute cache) has used. */
export function uniqueTerm(base: string): string {
  return `${base} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** The anime cards of a listing or carousel, in order. */
export function cards(scope: Page | Locator): Locator {
  return scope.getByTestId('anime-card');
}

export async function cardTitles(scope: Page | Locator): Promise<string[]> {
  return cards(scope).getByRole('heading').allInnerTexts();
}

/** A home carousel's section, found by its heading. */
export function carousel(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title });
}

/** The grid/list switch's buttons ('Grade', 'Lista'). */
export function viewButton(page: Page, name: 'Grade' | 'Lista'): Locator {
  return page.getByRole('group', { name: 'Modo de exibição' }).getByRole('button', { name });
}
