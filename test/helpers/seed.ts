/**
 * The seed of a live differential run: DIFFERENTIAL_SEED replays a run; otherwise every run
 * draws a fresh one (so repeated CI runs explore new cases) and prints it with the command that
 * replays it.
 */
export function differentialSeed(file: string): number {
  const given = process.env.DIFFERENTIAL_SEED;
  const seed =
    given !== undefined && given !== '' ? Number(given) >>> 0 : Math.floor(Math.random() * 2 ** 32) >>> 0;
  console.info(`${file}: seed ${seed} (replay: DIFFERENTIAL_SEED=${seed} npx vitest run test/${file})`);
  return seed;
}
