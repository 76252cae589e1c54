/**
 * A watchdog so that DynamoDB Local never outlives the process that started it, however that
 * process ends (including `kill -9`, which runs no clean-up): a tiny detached Node.js process
 * holds a pipe from this one; when this process dies, the operating system closes the pipe and
 * the watchdog sends SIGTERM to the process it guards.
 */
import { spawn } from 'node:child_process';
import type { Socket } from 'node:net';

// Plain JavaScript for `node -e`: argv[1] is the guarded pid.
const WATCHDOG_SOURCE = `
const pid = Number(process.argv[1]);
const end = () => {
  try { process.kill(pid, 'SIGTERM'); } catch {}
  process.exit(0);
};
process.stdin.on('end', end).on('close', end).on('error', end).resume();
`;

/** A running watchdog. */
export interface Watchdog {
  /** Ends the watchdog without touching the guarded process (call once that has exited). */
  stop(): void;
}

/**
 * Starts a watchdog for process `pid`. It is detached (its own session, so a Ctrl-C or a signal
 * to this process group does not reach it) and does not keep this process's event loop alive.
 */
export function startWatchdog(pid: number): Watchdog {
  const watchdog = spawn(process.execPath, ['-e', WATCHDOG_SOURCE, String(pid)], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
    env: {}, // no loaders or options of this process: it must start fast and stay plain
  });
  watchdog.unref();
  (watchdog.stdin as unknown as Socket).unref();
  watchdog.stdin.on('error', () => undefined);
  return {
    stop() {
      if (watchdog.exitCode === null && watchdog.signalCode === null) watchdog.kill('SIGKILL');
    },
  };
}
