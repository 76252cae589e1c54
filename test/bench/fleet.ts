/**
 * A fleet of simulated chargers for the benchmarks (`soak-fleet.ts`, run in a process of its own so
 * that the benchmark's process measures only the gateway and the handlers): registering its
 * chargers, and running it.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { registerCharger } from '../../shared/chargers/registration';
import type { LocalStack } from '../../lib/local/stack';

/** Registers chargers `<prefix>1` … `<prefix><count>` (one J1772 port each) on a site, four at a time. */
export async function registerFleet(stack: LocalStack, siteId: number, prefix: string, count: number): Promise<void> {
  for (let i = 1; i <= count; i += 4) {
    const batch = Array.from({ length: Math.min(4, count - i + 1) }, (_, k) => i + k);
    await Promise.all(
      batch.map((n) =>
        registerCharger(stack.db, {
          siteId,
          ocppId: `${prefix}${n}`,
          name: `Fleet ${n}`,
          type: 'Level 2',
          ports: [{ connectorType: 'J1772' }],
        }),
      ),
    );
  }
}

/** How a fleet runs (`soak-fleet.ts`'s arguments). */
export interface FleetOptions {
  ocppUrl: string;
  prefix: string;
  count: number;
  seconds: number;
  /** Meter values every this long. */
  periodSeconds: number;
  connectsPerSecond: number;
}

/** Runs the fleet in a child process; resolves with its JSON summary (errors, replies, reply times). */
export function runFleet(options: FleetOptions): Promise<Record<string, any>> {
  const script = fileURLToPath(new URL('./soak-fleet.ts', import.meta.url));
  const args = [
    '--import',
    'tsx',
    script,
    options.ocppUrl,
    options.prefix,
    String(options.count),
    String(options.seconds),
    String(options.periodSeconds),
    String(options.connectsPerSecond),
  ];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  return new Promise((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!)) : reject(new Error(`fleet exited ${code}`)),
    ),
  );
}
