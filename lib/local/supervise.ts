/**
 * How `npm start` ends. Ctrl-C (SIGINT), SIGTERM and SIGHUP (the terminal closed) stop the
 * gateway (every connection gets its `$disconnect`), then DynamoDB Local, and exit 0. If DynamoDB
 * Local ends on its own, every request would fail from then on: the stack says so in one line and
 * exits 1 rather than answer 500 for ever (it is not restarted: an in-memory database would come
 * back empty, and whatever ended it would likely end it again). Other ways out (an uncaught
 * exception, `kill -9`) are covered by `dynamodb.ts`, which never lets DynamoDB Local outlive us.
 */
import type { DynamoDbLocal, DynamoDbLocalExit } from './dynamodb';
import type { PortInUseError } from './ports';
import type { LocalStack } from './stack';

/** The one line that explains a taken port and the setting that moves it (`PORT` or `DYNAMODB_PORT`). */
export function portInUseLine(error: PortInUseError, setting: string): string {
  const next = error.port < 65535 ? error.port + 1 : error.port - 1;
  return `${error.message} (another npm start?). Stop that, or choose another port: ${setting}=${next} npm start`;
}

/** The message for DynamoDB Local ending on its own, with its last words when it exited by itself. */
export function unexpectedExitMessage(pid: number, exit: DynamoDbLocalExit): string {
  const how = exit.signal ? `signal ${exit.signal}` : `exit code ${exit.code}`;
  const line =
    `DynamoDB Local (pid ${pid}) stopped unexpectedly (${how}); ` +
    'the local stack cannot serve without it and stops. Run npm start again.';
  const lastWords = exit.code !== null ? exit.output.trim().split('\n').slice(-10).join('\n') : '';
  return lastWords ? `${line}\nIts last output:\n${lastWords}` : line;
}

/** Stops the local stack in order on a signal, and ends it if DynamoDB Local dies. */
export class LocalStackSupervisor {
  private stack: LocalStack | undefined;
  private stopping = false;

  /** Takes charge of `dynamo` at once: signals and its exit are handled from now on. */
  constructor(private readonly dynamo: DynamoDbLocal) {
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void this.stop());
    void dynamo.exited.then((exit) => this.databaseExited(exit));
  }

  /** The stack to close before DynamoDB Local on a signal. */
  attach(stack: LocalStack): void {
    this.stack = stack;
  }

  /** Closes the gateway, stops DynamoDB Local and exits with `code` (once, however often it is asked). */
  async stop(code = 0, message?: string): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    if (message) console.error(message);
    else console.log('\nStopping…');
    await this.stack?.close().catch(() => undefined);
    await this.dynamo.stop();
    process.exit(code);
  }

  private databaseExited(exit: DynamoDbLocalExit): void {
    if (this.stopping) return;
    this.stopping = true;
    // Not a graceful close: $disconnect handlers would only fail against the dead database.
    console.error(unexpectedExitMessage(this.dynamo.pid, exit));
    process.exit(1);
  }
}
