import { describe, expect, it } from 'vitest';
import { fallbackHtml } from './unavailable-response';

describe('fallbackHtml (the stand-in when the prerendered page cannot be fetched)', () => {
  it("says 'Anime não disponível' with a way to try again, search and explore", () => {
    const html = fallbackHtml('pt', 'edit', 20);
    expect(html).toContain('<title>Anime não disponível · Anime Master</title>');
    expect(html).toContain('<main role="alert"><h1>Anime não disponível</h1>');
    expect(html).toContain('<a href="/anime/20/edit">Tentar novamente</a>');
    expect(html).toContain('<a href="/search">Buscar animes</a>');
    expect(html).toContain('<a href="/explore">Explorar animes</a>');
  });

  it("says 'Anime não encontrado' (or 'Anime not found') without a retry link", () => {
    const pt = fallbackHtml('pt', 'not-found', null);
    expect(pt).toContain('<html lang="pt-BR">');
    expect(pt).toContain('<h1>Anime não encontrado</h1>');
    expect(pt).toContain('O anime que você está procurando não foi encontrado na base de dados.');
    expect(pt).not.toContain('Tentar novamente');
    expect(pt).toContain('<a href="/explore">Explorar animes</a>');
    const en = fallbackHtml('en', 'not-found', null);
    expect(en).toContain('<title>Anime not found · Anime Master</title>');
    expect(en).toContain('<a href="/search">Search anime</a>');
  });
});
