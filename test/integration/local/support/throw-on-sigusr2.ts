/**
 * Test support, loaded into `bin/local.ts` with `--import`: SIGUSR2 makes the process throw an
 * uncaught exception, so a test can crash a running local stack at a moment of its choosing.
 */
process.on('SIGUSR2', () => {
  throw new Error('Crash requested by the test (SIGUSR2)');
});
