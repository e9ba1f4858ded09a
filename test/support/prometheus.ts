// Reads the Prometheus text format into `name{labels}` -> value, for tests comparing scrapes.
export type Samples = Map<string, number>;

export function parseSamples(text: string): Samples {
  const samples: Samples = new Map();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const cut = line.lastIndexOf(' ');
    samples.set(line.slice(0, cut), Number(line.slice(cut + 1)));
  }
  return samples;
}

/** How much each sample moved between two scrapes (samples absent before count from 0). */
export function delta(before: Samples, after: Samples, key: string): number {
  return (after.get(key) ?? 0) - (before.get(key) ?? 0);
}
