import { describe, expect, it } from 'vitest';
import {
  MAX_RETRY_SECONDS,
  parseUnavailableSegments,
  unavailableHtml,
  unavailablePath,
  unavailableResponse,
} from './status-page';

describe('the 503 page’s address', () => {
  it('names the page of the anime, its kind and the seconds to wait, within bounds', () => {
    expect(unavailablePath('detail', 20, 6)).toBe('/anime/20/unavailable/6');
    expect(unavailablePath('edit', 20, 4.2)).toBe('/anime/20/edit/unavailable/5');
    expect(unavailablePath('detail', 20, 0)).toBe('/anime/20/unavailable/1');
    expect(unavailablePath('detail', 20, 99_999)).toBe(`/anime/20/unavailable/${MAX_RETRY_SECONDS}`);
  });

  it('reads back only the segments it makes', () => {
    expect(parseUnavailableSegments('20', '6')).toEqual({ id: 20, seconds: 6 });
    for (const [id, seconds] of [
      ['abc', '6'],
      ['0', '6'],
      ['20', '0'],
      ['20', '06'],
      ['20', '3601'],
      ['20', '1e3'],
    ] as const) {
      expect(parseUnavailableSegments(id, seconds), `${id}/${seconds}`).toBeNull();
    }
  });
});

describe('the 503 page', () => {
  it("says 'Anime não disponível' with a way to try again (a form, no script), search and explore", () => {
    const html = unavailableHtml('pt', 'edit', 20);
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toContain('<title>Anime não disponível · Anime Master</title>');
    expect(html).toContain('<h1 class="title">Anime não disponível</h1>');
    expect(html).toContain('Não foi possível carregar os dados do anime.');
    expect(html).toContain(
      '<form method="get" action="/anime/20/edit"><button class="button" type="submit">Tentar novamente</button></form>',
    );
    expect(html).toContain('<a class="button" href="/search">Buscar animes</a>');
    expect(html).toContain('<a class="button" href="/explore">Explorar animes</a>');
    expect(html).not.toContain('<script');
  });

  it('in English, with its words escaped', () => {
    const html = unavailableHtml('en', 'detail', 20);
    expect(html).toContain('<h1 class="title">Anime unavailable</h1>');
    expect(html).toContain('action="/anime/20"');
    expect(html).not.toMatch(/>[^<]*'[^<]*</);
  });

  it('answers 503 with Retry-After, never stored; a HEAD gets the headers only', async () => {
    const get = unavailableResponse(new Request('http://x/anime/20/unavailable/6'), {
      locale: 'pt',
      kind: 'detail',
      id: 20,
      seconds: 6,
    });
    expect(get.status).toBe(503);
    expect(get.headers.get('retry-after')).toBe('6');
    expect(get.headers.get('cache-control')).toContain('no-store');
    expect(get.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await get.text()).toContain('Anime não disponível');
    const head = unavailableResponse(new Request('http://x/', { method: 'HEAD' }), {
      locale: 'pt',
      kind: 'detail',
      id: 20,
      seconds: 6,
    });
    expect(head.status).toBe(503);
    expect(await head.text()).toBe('');
  });
});
