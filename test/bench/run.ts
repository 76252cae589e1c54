/**
 * `npm run bench [name…]`: runs the benchmarks of test/bench (all, or those whose file name
 * contains a given word) one after another and prints their figures.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const filters = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((w) => f.includes(w)))
  .sort();
for (const file of files) {
  console.log(`\n# ${file}`);
  const { run } = (await import(`./${file}`)) as { run: () => Promise<void> };
  await run();
}
process.exit(0);
