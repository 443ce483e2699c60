/**
 * Every fast-check property of the suite draws from one seed, so a run is repeatable and CI never
 * fails on inputs no earlier run saw (test/README.md, "Property and fuzz tests"). A property that
 * passes its own `seed` keeps it. `ZONECTL_FUZZ_SEED=N` explores other inputs; `random` lets
 * fast-check pick a new seed for each property, which its failure report prints.
 */
import fc from 'fast-check';

/** The suite's seed when the environment names none. */
const DEFAULT_SEED = 20261129;

function seedFromEnvironment(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return DEFAULT_SEED;
  if (value === 'random') return undefined;
  const seed = Number(value);
  if (!Number.isSafeInteger(seed)) throw new Error(`ZONECTL_FUZZ_SEED must be an integer or "random", not ${JSON.stringify(value)}`);
  return seed;
}

const seed = seedFromEnvironment(process.env.ZONECTL_FUZZ_SEED);
if (seed !== undefined) fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
