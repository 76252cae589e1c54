/**
 * `npm run simulate`: a charge point simulator for trying the CSMS without hardware.
 *
 * CLI parsing, keys and printing only; the simulator itself is `lib/simulator`.
 *
 * @example
 * npm run simulate -- --id CP-1 --protocol ocpp1.6 --password secret
 * npm run simulate -- --id CP-2 --protocol ocpp2.0.1 --auto --duration 20 --meter-interval 2
 */
import { emitKeypressEvents, createInterface } from 'node:readline';
import { Command, InvalidArgumentError, Option } from 'commander';
import {
  FAULT_CODES,
  OCPP_PROTOCOLS,
  formatFrame,
  runAutoSession,
  startSimulator,
  type CommandBehaviour,
  type FaultCode,
  type OcppProtocol,
  type Simulator,
  type SimulatorLogEntry,
} from '../lib/simulator';

interface CliOptions {
  id: string;
  protocol: OcppProtocol;
  url: string;
  password?: string;
  connectors: number;
  connector: number;
  idTag: string;
  meterInterval: number;
  dc?: boolean;
  speed: number;
  auto?: boolean;
  duration: number;
  reservation: boolean;
  freeVend?: boolean;
  reject?: boolean;
  fault?: FaultCode;
  silent?: boolean;
  drop?: boolean;
}

const positiveInteger = (value: string): number => {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new InvalidArgumentError('expected a positive integer');
  return parsed;
};

const positiveNumber = (value: string): number => {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) throw new InvalidArgumentError('expected a positive number');
  return parsed;
};

const BEHAVIOURS = ['reject', 'fault', 'silent', 'drop'] as const;
const exclusiveWith = (name: (typeof BEHAVIOURS)[number]): string[] => BEHAVIOURS.filter((other) => other !== name);

const program = new Command('simulate')
  .description('Simulate an OCPP 1.6-J / 2.0.1 charge point against the CSMS (strict OCPP schema validation).')
  .requiredOption('--id <chargePointId>', 'charge point identity (last path segment of the URL, Basic auth username)')
  .addOption(new Option('--protocol <protocol>', 'OCPP-J subprotocol').choices(OCPP_PROTOCOLS).makeOptionMandatory())
  .option('--url <url>', 'CSMS OCPP endpoint, without the identity', 'ws://localhost:3000/ocpp')
  .option('--password <password>', 'HTTP Basic auth password (security profile 1)')
  .option('--connectors <n>', 'number of connectors (1.6) / EVSEs (2.0.1)', positiveInteger, 1)
  .option('--connector <n>', 'connector/EVSE that --auto and the keys act on', positiveInteger, 1)
  .option('--id-tag <tag>', 'idTag (1.6) / ISO14443 idToken (2.0.1) presented when plugging in', 'SIM-TAG-1')
  .option('--meter-interval <seconds>', 'seconds between MeterValues / TransactionEvent Updated', positiveNumber, 5)
  .option('--dc', 'DC fast charger (50–150 kW) instead of AC level 2 (7.2 kW, 3 phases)')
  .option('--speed <factor>', 'simulated seconds per real second for energy and SoC', positiveNumber, 1)
  .option('--auto', 'run one session (plug in, authorize, start, meter values, stop) then exit')
  .option('--duration <seconds>', 'length of the --auto session', positiveNumber, 30)
  .option('--no-reservation', 'do not support reservations (ReserveNow Rejected, not advertised)')
  .option('--free-vend', 'charge without Authorize and whatever the CSMS answers for the idTag (StopTransactionOnInvalidId = false)')
  .addOption(new Option('--reject', 'answer every CSMS command with its refusal status').conflicts(exclusiveWith('reject')))
  .addOption(
    new Option('--fault [code]', 'answer every CSMS command with a CALLERROR')
      .choices(FAULT_CODES)
      .preset('InternalError')
      .conflicts(exclusiveWith('fault')),
  )
  .addOption(new Option('--silent', 'never answer CSMS commands (the CSMS call times out)').conflicts(exclusiveWith('silent')))
  .addOption(new Option('--drop', 'close the WebSocket on any CSMS command, without answering').conflicts(exclusiveWith('drop')))
  .addHelpText(
    'after',
    '\nKeys (interactive mode): p = plug in + authorize + start, s = stop, 1-9 = select connector, q = quit.\n' +
      'Without a TTY, type one key per line.',
  );

function behaviourOf(options: CliOptions): CommandBehaviour {
  if (options.reject) return 'reject';
  if (options.fault) return 'fault';
  if (options.silent) return 'silent';
  if (options.drop) return 'drop';
  return 'answer';
}

const print = (line: string): void => void process.stdout.write(`${line}\n`);
const printLog = (entry: SimulatorLogEntry): void => {
  const time = new Date().toISOString().slice(11, 23);
  const mark = entry.level === 'info' ? '·' : entry.level === 'warn' ? '!' : '✗';
  (entry.level === 'error' ? process.stderr : process.stdout).write(`${time} ${mark} ${entry.message}\n`);
};
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Stops every running session, then closes the connection. */
async function shutdown(simulator: Simulator): Promise<void> {
  for (const connector of simulator.chargePoint.connectors) {
    if (connector.session?.state === 'charging') {
      await simulator.stop(connector.id).catch((error: unknown) => printLog({ level: 'error', message: messageOf(error) }));
    }
  }
  await simulator.close();
}

function listenForKeys(onKey: (key: string) => void): () => void {
  const { stdin } = process;
  if (stdin.isTTY) {
    emitKeypressEvents(stdin);
    stdin.setRawMode(true);
    const listener = (text: string | undefined, key: { name?: string; ctrl?: boolean } | undefined): void => {
      if (key?.ctrl && key.name === 'c') onKey('q');
      else if (text) onKey(text.toLowerCase());
    };
    stdin.on('keypress', listener);
    return () => {
      stdin.off('keypress', listener);
      stdin.setRawMode(false);
      stdin.pause();
    };
  }
  const lines = createInterface({ input: stdin });
  lines.on('line', (line) => {
    const key = line.trim().toLowerCase();
    if (key) onKey(key);
  });
  return () => lines.close();
}

async function main(): Promise<void> {
  program.parse();
  const options = program.opts<CliOptions>();
  if (options.connector > options.connectors) program.error(`--connector ${options.connector} exceeds --connectors ${options.connectors}`);

  const simulator = await startSimulator({
    chargePointId: options.id,
    protocol: options.protocol,
    url: options.url,
    ...(options.password === undefined ? {} : { password: options.password }),
    connectors: options.connectors,
    connectorId: options.connector,
    idTag: options.idTag,
    meterIntervalSeconds: options.meterInterval,
    reservation: options.reservation,
    freeVend: options.freeVend ?? false,
    behaviour: behaviourOf(options),
    ...(options.fault ? { faultCode: options.fault } : {}),
    currentType: options.dc ? 'DC' : 'AC',
    speed: options.speed,
    onFrame: (frame) => print(formatFrame(frame)),
    onLog: printLog,
  });

  let quitting = false;
  void simulator.closed.then(({ code, reason }) => {
    if (quitting) return;
    printLog({ level: 'warn', message: `connection closed (${code ?? '?'}${reason ? ` ${reason}` : ''})` });
    process.exit(behaviourOf(options) === 'drop' ? 0 : 1);
  });

  if (options.auto) {
    try {
      await runAutoSession(simulator, { connectorId: options.connector, durationSeconds: options.duration });
      quitting = true;
      await simulator.close();
      process.exit(0);
    } catch (error) {
      printLog({ level: 'error', message: messageOf(error) });
      quitting = true;
      await simulator.close().catch(() => undefined);
      process.exit(1);
    }
  }

  let connectorId = options.connector;
  let stopListening = (): void => undefined;
  const select = options.connectors > 1 ? `, 1-${Math.min(options.connectors, 9)} = select connector` : '';
  print(`keys: p = plug in + authorize + start, s = stop${select}, q = quit (connector ${connectorId})`);
  const quit = async (): Promise<void> => {
    if (quitting) {
      process.exit(1); // second request: do not wait any longer
    }
    quitting = true;
    stopListening();
    await shutdown(simulator).catch((error: unknown) => printLog({ level: 'error', message: messageOf(error) }));
    process.exit(0);
  };
  stopListening = listenForKeys((key) => {
    const report = (error: unknown): void => printLog({ level: 'error', message: messageOf(error) });
    if (key === 'p') simulator.plugInAndStart(connectorId).catch(report);
    else if (key === 's') simulator.stop(connectorId).catch(report);
    else if (key === 'q') void quit();
    else if (/^[1-9]$/.test(key)) {
      const selected = Number(key);
      if (selected > options.connectors) printLog({ level: 'warn', message: `no connector ${selected}` });
      else {
        connectorId = selected;
        printLog({ level: 'info', message: `connector ${connectorId} selected` });
      }
    }
  });
  process.once('SIGINT', () => void quit());
  process.once('SIGTERM', () => void quit());
}

main().catch((error: unknown) => {
  printLog({ level: 'error', message: messageOf(error) });
  process.exit(1);
});
