/**
 * Setup file of the integration project, run before each test file. The files share a worker's
 * modules (`isolate: false` in vitest.config.ts: importing the handlers' module graph again for
 * every file was a fifth of the run), so what one file sets on the process must not reach the next:
 *
 * - **Its own database** on the shared DynamoDB Local. The global setup starts DynamoDB Local with a
 *   database per region (not `-sharedDb`), and every client the file makes (the handlers', the
 *   stream reader's, the operator CLI it runs) follows `AWS_REGION`, so a region of the file's own
 *   is a database of its own. DynamoDB Local's stream queries scan every stream record of their
 *   database: in one database for the whole run, each write and each stream read grew slower as
 *   the run went on (most of DynamoDB Local's CPU).
 * - **Its own environment.** Files shorten the product's deadlines through the environment
 *   (`OCPP_COMMAND_TIMEOUT_MS`, `OPERATION_WAIT_MS`, `WEBHOOK_RETRY_DELAY_SCALE`…), which the
 *   product reads when it needs them; the environment is put back as it was once the file ends, so
 *   the next file (and the processes it starts, which inherit it) sees the defaults.
 */
import { randomUUID } from 'node:crypto';
import { afterAll } from 'vitest';

const environment = { ...process.env };
process.env.AWS_REGION = `test-${randomUUID().slice(0, 8)}`;

// Registered before the file's own hooks, so it runs after them (Vitest runs after-hooks as a stack).
afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in environment)) delete process.env[name];
  Object.assign(process.env, environment);
});
