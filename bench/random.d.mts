export function random(seed: number): () => number;
export function zipf(n: number, s: number, rand: () => number): () => number;
