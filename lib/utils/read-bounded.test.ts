import { describe, expect, it, vi } from 'vitest';
import { readBounded } from './read-bounded';

function streamOf(parts: string[], onCancel = () => undefined) {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(encoder.encode(part));
      controller.close();
    },
    cancel: onCancel,
  });
}

describe('readBounded', () => {
  it('answers every byte of a stream within the bound, in order', async () => {
    const bytes = await readBounded(streamOf(['ab', 'cd', 'e']), 5);
    expect(new TextDecoder().decode(bytes!)).toBe('abcde');
  });

  it('answers null and stops reading once the stream is longer than the bound', async () => {
    const cancelled = vi.fn();
    expect(await readBounded(streamOf(['abc', 'def', 'ghi'], cancelled), 5)).toBeNull();
    expect(cancelled).toHaveBeenCalled();
  });
});
