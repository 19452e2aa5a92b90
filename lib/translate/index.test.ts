import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_TRANSLATE_LENGTH, translateToPortuguese } from './index';
import { freshProcess } from '@/test/support/process';
import { stubUpstream } from '@/test/support/fetch';

const gtx = (segments: string[]) =>
  new Response(JSON.stringify([segments.map((s) => [s, 'orig', null, null, 1]), null, 'en']), {
    status: 200,
  });

beforeEach(() => {
  process.env.TRANSLATE_BASE_URL = 'http://translate.test';
  freshProcess('env', 'translate', 'cache', 'redis');
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete process.env.TRANSLATE_BASE_URL;
  freshProcess('env');
});

describe('translateToPortuguese', () => {
  it('asks gtx for pt and joins the segments of the first element', async () => {
    const calls = stubUpstream(() => gtx(['Olá. ', 'Tudo bem?']));
    expect(await translateToPortuguese('Hello. How are you?')).toBe('Olá. Tudo bem?');
    const url = calls[0]!;
    expect(url.pathname).toBe('/translate_a/single');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client: 'gtx',
      sl: 'auto',
      tl: 'pt',
      dt: 't',
      q: 'Hello. How are you?',
    });
  });

  it('tries once more when a kept-alive connection was dropped before any answer, not twice', async () => {
    const dropped = () =>
      Promise.reject(new TypeError('fetch failed', { cause: { code: 'UND_ERR_SOCKET' } }));
    let first = true;
    const calls = stubUpstream(() => {
      if (!first) return gtx(['Olá.']);
      first = false;
      return dropped();
    });
    expect(await translateToPortuguese('Hello.')).toBe('Olá.');
    expect(calls).toHaveLength(2);

    const again = stubUpstream(dropped);
    expect(await translateToPortuguese('Bye.')).toBe('Bye.');
    expect(again).toHaveLength(2);
  });

  it('URL-encodes the text', async () => {
    const calls = stubUpstream(() => gtx(['x']));
    await translateToPortuguese('a&tl=en#<b>');
    expect(calls[0]!.searchParams.get('tl')).toBe('pt');
    expect(calls[0]!.searchParams.get('q')).toBe('a&tl=en#<b>');
  });

  it('remembers translations', async () => {
    const calls = stubUpstream(() => gtx(['Olá']));
    await translateToPortuguese('Hello');
    expect(await translateToPortuguese('Hello')).toBe('Olá');
    expect(calls).toHaveLength(1);
  });

  it('shares one call between concurrent identical requests', async () => {
    const calls = stubUpstream(() => gtx(['Olá']));
    await Promise.all(Array.from({ length: 10 }, () => translateToPortuguese('Hello')));
    expect(calls).toHaveLength(1);
  });

  it.each([
    ['HTTP 429', () => new Response('<html>', { status: 429 })],
    ['HTTP 500', () => new Response('<html>', { status: 500 })],
    ['malformed JSON', () => new Response('[[[', { status: 200 })],
    ['an unexpected shape', () => new Response(JSON.stringify({ sentences: [] }), { status: 200 })],
    ['an empty translation', () => new Response(JSON.stringify([null, null, 'en']), { status: 200 })],
    ['a network error', () => Promise.reject(new TypeError('fetch failed'))],
  ] as [string, () => Response | Promise<Response>][])(
    'returns the original text on %s and does not remember it',
    async (_l, failure) => {
      const calls = stubUpstream(failure);
      expect(await translateToPortuguese('Hello')).toBe('Hello');
      stubUpstream(() => gtx(['Olá']));
      expect(await translateToPortuguese('Hello')).toBe('Olá');
      expect(calls.length).toBeGreaterThanOrEqual(1);
    },
  );

  it('returns blank and over-long text unchanged without a call', async () => {
    const calls = stubUpstream(() => gtx(['x']));
    expect(await translateToPortuguese('')).toBe('');
    expect(await translateToPortuguese('   ')).toBe('   ');
    const long = 'a'.repeat(MAX_TRANSLATE_LENGTH + 1);
    expect(await translateToPortuguese(long)).toBe(long);
    expect(calls).toHaveLength(0);
    expect(MAX_TRANSLATE_LENGTH).toBe(5000);
  });
});
