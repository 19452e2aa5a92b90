import { expect, test } from '../support';
import { cardTitles, cards } from '../discovery/helpers';

/**
 * The whole catalogue: the season archive, /browse with its filter form, pages past the first,
 * one canonical address per result set, the adult gate on every listing, and the people behind
 * a cast. Data: the fake upstream (Frieren premiered fall 2023 on MyAnimeList; genre 22 is
 * Romance; Kiss x Sis is an R+ romance; 11817 is Yoshitsugu Matsuoka, Kirito's Japanese voice).
 */

const SEASON_NAMES = ['winter', 'spring', 'summer', 'fall'] as const;

test.describe('season archive', () => {
  test('/season/2023/fall lists Frieren and links summer 2023 and winter 2024', async ({ page }) => {
    await page.goto('/season/2023/fall');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Temporada de outono de 2023');
    await expect(cards(page).getByRole('heading', { name: 'Sousou no Frieren' })).toBeVisible();
    const previous = page.getByRole('link', { name: '← Verão de 2023' });
    const next = page.getByRole('link', { name: 'Inverno de 2024 →' });
    await expect(previous).toHaveAttribute('href', '/season/2023/summer');
    await expect(next).toHaveAttribute('href', '/season/2024/winter');
    await next.click();
    await expect(page).toHaveURL(/\/season\/2024\/winter$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Temporada de inverno de 2024');
  });

  test('the picker is a GET form that opens the chosen season, and /season opens the current one', async ({
    page,
  }) => {
    await page.goto('/season/2023/fall');
    const picker = page.getByRole('form', { name: 'Escolher temporada' });
    await picker.getByLabel('Temporada').selectOption('fall');
    await picker.getByLabel('Ano').selectOption('2008');
    await picker.getByRole('button', { name: 'Ver temporada' }).click();
    await expect(page).toHaveURL(/\/season\/2008\/fall$/);
    expect(await cardTitles(page)).toEqual(expect.arrayContaining(['Clannad: After Story', 'Toradora!']));

    const japan = new Date(Date.now() + 9 * 3600 * 1000);
    const current = `/season/${japan.getUTCFullYear()}/${SEASON_NAMES[Math.floor(japan.getUTCMonth() / 3)]}`;
    await page.goto('/season');
    await expect(page).toHaveURL(new RegExp(`${current}$`));
  });

  test('an unknown season is a 404, and the sitemap lists the archive', async ({ page, request }) => {
    expect((await page.goto('/season/1492/fall'))?.status()).toBe(404);
    const sitemap = await (await request.get('/sitemap/0.xml')).text();
    expect(sitemap).toContain('/season/2023/fall</loc>');
    expect(sitemap).toContain('/season/1917/winter</loc>');
  });
});

test.describe('browse', () => {
  test('/browse?genres=22 lists Clannad: After Story, never Naruto nor, for a visitor, Kiss x Sis', async ({
    page,
  }) => {
    await page.goto('/browse?genres=22');
    const titles = await cardTitles(page);
    expect(titles).toContain('Clannad: After Story');
    expect(titles).not.toContain('Naruto');
    expect(titles).not.toContain('Kiss x Sis (TV)');
    // The page says how many adult titles it left out.
    await expect(page.getByTestId('hidden-adult-notice')).toContainText(
      'títulos adultos ocultos nesta página',
    );
  });

  test('an adult genre chosen by a visitor answers an explained empty state', async ({ page }) => {
    await page.goto('/browse?genres=12');
    await expect(page.getByText('Este gênero é conteúdo adulto')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Entrar para ver' })).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
  });

  test('junk parameters are dropped from the address and the canonical link', async ({ page }) => {
    await page.goto('/browse?utm_source=feed&type=TV&genres=22&foo=bar&sort=popularity');
    await expect(page).toHaveURL(/\/browse\?genres=22&type=tv$/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      /\/browse\?genres=22&type=tv$/,
    );
    expect(await cardTitles(page)).toContain('Clannad: After Story');
  });

  test('with JavaScript the results follow each change of a filter', async ({ page }) => {
    await page.goto('/browse');
    await page.getByLabel('Formato').selectOption({ label: 'Filme' });
    await expect(page).toHaveURL(/\/browse\?type=movie$/);
    await expect(cards(page).getByRole('heading', { name: 'Kimi no Na wa.' })).toBeVisible();
    await page.getByLabel('Ordenar por').selectOption({ label: 'Título' });
    await expect(page).toHaveURL(/\/browse\?type=movie&sort=title$/);
  });
});

test.describe('browse without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the filter form is a plain GET form', async ({ page }) => {
    await page.goto('/browse');
    const form = page.getByRole('form', { name: 'Filtros' });
    await form
      .locator('summary')
      .filter({ hasText: /^Gêneros$/ })
      .click();
    await form.getByRole('group', { name: 'Gêneros' }).getByLabel('Romance').check();
    await form.getByLabel('Formato').selectOption({ label: 'TV' });
    await form.getByRole('button', { name: 'Aplicar filtros' }).click();
    await expect(page).toHaveURL(/\/browse\?genres=22&type=tv$/);
    const titles = await cardTitles(page);
    expect(titles).toContain('Clannad: After Story');
    expect(titles).not.toContain('Kiss x Sis (TV)');
    // The form shows what was chosen.
    await expect(page.getByRole('form', { name: 'Filtros' }).getByLabel('Formato')).toHaveValue('tv');
  });
});

test.describe('pages past the first', () => {
  test('/explore?tab=top&page=2 lists titles page 1 did not, and page 1 links to it', async ({ page }) => {
    await page.goto('/explore?tab=top');
    const first = await cardTitles(page.getByRole('tabpanel'));
    expect(first).toHaveLength(20);
    const next = page.getByRole('link', { name: 'Próxima página →' });
    await expect(next).toHaveAttribute('href', '/explore?tab=top&view=grid&page=2');
    await next.click();
    await expect(page).toHaveURL(/\/explore\?tab=top&view=grid&page=2$/);
    await expect(page.getByText('Página 2', { exact: true })).toBeVisible();
    const second = await cardTitles(page.getByRole('tabpanel'));
    expect(second.length).toBeGreaterThan(0);
    for (const title of second) expect(first).not.toContain(title);
    await expect(page.getByRole('link', { name: '← Página anterior' })).toHaveAttribute(
      'href',
      '/explore?tab=top&view=grid',
    );
  });
});

test.describe('people', () => {
  test('a voice actor of the cast opens their page, which lists a role and links the anime', async ({
    page,
  }) => {
    await page.goto('/anime/11757');
    const voice = page.getByRole('link', { name: 'Matsuoka, Yoshitsugu' });
    await voice.click();
    await expect(page).toHaveURL(/\/people\/11817$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Yoshitsugu Matsuoka');
    const role = page.getByTestId('person-credit').filter({ hasText: 'como Kirigaya, Kazuto' });
    await expect(role).toContainText('2012');
    await expect(role.getByRole('link', { name: 'Sword Art Online' })).toHaveAttribute(
      'href',
      '/anime/11757',
    );
    // The role in an R+ anime, and one in an anime the server knows nothing of, are withheld.
    await expect(page.getByTestId('person-credits')).not.toContainText('Natsu no Ryou');
    await expect(page.getByTestId('person-withheld')).toContainText('ocultos');
  });

  test('the anime the fan rated or listed on this device are marked', async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem('animeRating_11757', JSON.stringify({ rating: 4, opinion: 'Bom.' }));
      localStorage.setItem('watchingList', JSON.stringify([11757]));
    });
    // Opened once, so the server knows its age rating and shows its roles.
    await page.goto('/anime/11757');
    await page.goto('/people/11817');
    const sao = page.getByTestId('person-credit').filter({ hasText: 'como Kirigaya, Kazuto' });
    await expect(sao.getByTestId('library-mark')).toHaveText('Você avaliou: 4/5Assistindo');
  });

  test('an unknown person is a 404', async ({ page }) => {
    expect((await page.goto('/people/1'))?.status()).toBe(404);
    expect((await page.goto('/people/abc'))?.status()).toBe(404);
  });
});
