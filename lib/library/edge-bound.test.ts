import { describe, expect, it } from 'vitest';
import { edgeSettings, renderEdgeConfig } from '../../scripts/edge.mjs';
import { MAX_PUSH_BYTES } from './protocol';

/** nginx's size notation (k, m, g) in bytes. */
function bytes(size: string): number {
  const match = /^(\d+)([kmg]?)$/i.exec(size);
  if (!match) throw new Error(`not a size: ${size}`);
  const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[
    match[2]!.toLowerCase() as '' | 'k' | 'm' | 'g'
  ];
  return Number(match[1]) * unit;
}

function render(env: Record<string, string> = {}) {
  return renderEdgeConfig(edgeSettings({ EDGE_DATA_DIR: '/tmp/anime-master-edge', ...env }), {
    brotli: false,
  });
}

/** The directives of the block that starts with `opening` (one level of braces). */
function block(text: string, opening: string): string {
  const start = text.indexOf(opening);
  expect(start, opening).toBeGreaterThan(-1);
  return text.slice(start, text.indexOf('}', start));
}

describe('the edge carries what library sync sends', () => {
  it("bounds /api/library's bodies at exactly the app's MAX_PUSH_BYTES, and the rest at 16 kB", () => {
    const text = render();
    const library = block(text, 'location = /api/library {');
    const size = /client_max_body_size (\S+);/.exec(library)?.[1];
    expect(size).toBeDefined();
    expect(bytes(size!)).toBe(MAX_PUSH_BYTES);
    // Rate-limited like the rest of the API, and never cached.
    expect(library).toContain('limit_req zone=per_client_pages');
    expect(library).not.toContain('proxy_cache ');
    const http = text.slice(0, text.indexOf('server {'));
    expect(/client_max_body_size (\S+);/.exec(http)?.[1]).toBe('16k');
    expect(block(text, 'location /api/ {')).not.toContain('client_max_body_size');
  });

  it('takes a lower bound from EDGE_LIBRARY_BODY_MAX, and refuses one that is not a size', () => {
    expect(block(render({ EDGE_LIBRARY_BODY_MAX: '4k' }), 'location = /api/library {')).toContain(
      'client_max_body_size 4k;',
    );
    expect(() => render({ EDGE_LIBRARY_BODY_MAX: '4k; return 200' })).toThrow(/EDGE_LIBRARY_BODY_MAX/);
  });
});
