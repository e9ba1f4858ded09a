// Timing of alternating request kinds, for the checks that a refusal reveals nothing by its speed:
// runs interleave so that the machine's load weighs on every kind alike.

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
/**
 * The time below which a quarter of the runs finished. Other load only ever adds time, so on a busy
 * machine (the test stages run side by side) the fastest runs show what the work itself costs.
 */
const lowerQuartile = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 4)]!;

/** Every run's time of each of `kinds` over `rounds` interleaved runs; every answer goes to `check`. */
async function interleavedSamples<T>(
  kinds: Record<string, (round: number) => Promise<T>>,
  rounds = 12,
  check: (kind: string, answer: T) => void = () => undefined,
): Promise<Record<string, number[]>> {
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(kinds).map((k) => [k, []]));
  const order = Object.entries(kinds);
  for (let round = 0; round < rounds; round++) {
    // Every other round runs the kinds in reverse (A B, B A, A B...), so no kind always runs right
    // after the same other one: work a kind leaves running after its answer (a code mailed after
    // step 1 answered) weighs on the kinds alike.
    for (const [kind, run] of round % 2 === 0 ? order : [...order].reverse()) {
      const started = performance.now();
      const answer = await run(round);
      samples[kind]!.push(performance.now() - started);
      check(kind, answer);
    }
  }
  return samples;
}

/**
 * The lower quartile of each of `kinds`' times over `rounds` interleaved runs; every answer goes to
 * `check`. Work that one kind skips or adds shows in its fastest runs as in all the others, while
 * the median does not hold still: the alternating order puts work a kind leaves running on half the
 * runs of each kind, so a median falls on the edge between the slowed half and the rest, and the
 * other stage's load pushes it either way (step 1 at 16.5 against 34.8 ms, a wrong password with
 * and without a factor at 179 against 115 ms, each in one full run).
 */
export async function interleavedLowerQuartiles<T>(
  kinds: Record<string, (round: number) => Promise<T>>,
  rounds = 20,
  check: (kind: string, answer: T) => void = () => undefined,
  holds: (quartiles: Record<string, number>) => boolean = () => true,
): Promise<Record<string, number>> {
  // Measured again, up to three times, while `holds` says the figures do not hold: work a kind skips
  // shows in every measurement, a burst of other load on a shared machine seldom in three.
  let quartiles: Record<string, number> = {};
  for (let attempt = 0; attempt < 3 && (attempt === 0 || !holds(quartiles)); attempt++) {
    const samples = await interleavedSamples(kinds, rounds, check);
    quartiles = Object.fromEntries(Object.entries(samples).map(([k, xs]) => [k, lowerQuartile(xs)]));
  }
  return quartiles;
}
