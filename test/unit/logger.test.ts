/**
 * The process logger builds the Powertools logger on its first call, not at module load (it costs
 * module init ~7 ms), and only once.
 */
import { describe, expect, it, vi } from 'vitest';

const built = vi.hoisted(() => ({ count: 0, lines: [] as unknown[][] }));
vi.mock('@aws-lambda-powertools/logger', () => ({
  Logger: class {
    constructor() {
      built.count++;
    }
    warn(...args: unknown[]) {
      built.lines.push(['warn', ...args]);
    }
    error(...args: unknown[]) {
      built.lines.push(['error', ...args]);
    }
  },
}));

describe('logger', () => {
  it('builds the Powertools logger at the first log call, once, and passes the call through', async () => {
    // A fresh instance of the module: the unit files share a worker's modules, and another file may
    // have logged through it already.
    vi.resetModules();
    const { logger } = await import('../../shared/logger');
    expect(built.count).toBe(0);
    logger.warn('first', { chargerId: 1 });
    logger.error('second');
    expect(built.count).toBe(1);
    expect(built.lines).toEqual([
      ['warn', 'first', { chargerId: 1 }],
      ['error', 'second'],
    ]);
  });
});
