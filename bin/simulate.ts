/**
 * `npm run simulate`: a charge point simulator for trying the CSMS without hardware, one charger
 * (interactive or `--auto`) or a fleet (`--fleet N` / `--ids …`).
 *
 * CLI parsing, keys and printing only; the simulator itself is `lib/simulator`.
 *
 * @example
 * npm run simulate -- --id CP-1 --protocol ocpp1.6 --password secret
 * npm run simulate -- --id CP-2 --protocol ocpp2.0.1 --auto --duration 20 --meter-interval 2
 * npm run simulate -- --ids DEMO-DCFC-1,DEMO-L2-1 --types DC,AC --connectors 2,1 --speed 60
 * npm run simulate -- --fleet 10 --api-key <demo key>   # the demo depot: a van per charger, in real time
 */
import { FIRMWARE_FAILURES, type FirmwareFailure } from '../lib/simulator/firmware';
import { listenForKeys } from './simulate-keys';
import { Command, Option } from 'commander';
import {
  FAULT_CODES,
  OCPP_PROTOCOLS,
  formatFrame,
  runAutoSession,
  startSimulator,
  type CommandBehaviour,
  type CurrentType,
  type FaultCode,
  type OcppProtocol,
  type RateUnit,
  type Simulator,
  type SimulatorLogEntry,
  type SimulatorOptions,
} from '../lib/simulator';
import { list, nonEmpty, oneOf, percent, positiveInteger, positiveNumber } from '../lib/simulator/cli-parsers';
import { apiUrlBeside, depotVans, publishDeparture } from '../lib/simulator/depot';
import { planFleet, startFleet, type FleetMember } from '../lib/simulator/fleet';

interface CliOptions {
  id?: string;
  protocol?: OcppProtocol;
  url: string;
  password?: string;
  connectors: number[];
  connector: number;
  idTag: string;
  meterInterval: number;
  dc?: boolean;
  maxKw?: number[];
  batteryKwh?: number;
  evMaxKw?: number;
  startSoc?: number;
  targetSoc?: number;
  speed: number;
  auto?: boolean;
  duration?: number;
  reservation: boolean;
  smartCharging: boolean;
  rateUnit?: RateUnit[];
  iso15118?: boolean;
  freeVend?: boolean;
  firmwareStepMs?: number;
  firmwareFailure?: FirmwareFailure;
  reject?: boolean;
  fault?: FaultCode;
  silent?: boolean;
  drop?: boolean;
  fleet?: number;
  ids?: string[];
  idPrefix: string;
  types?: CurrentType[];
  idle: number;
  vans: boolean;
  apiKey?: string;
  apiUrl?: string;
  summaryInterval: number;
  verbose?: boolean;
}

const BEHAVIOURS = ['reject', 'fault', 'silent', 'drop'] as const;
const exclusiveWith = (name: (typeof BEHAVIOURS)[number]): string[] => BEHAVIOURS.filter((other) => other !== name);

const program: Command = new Command('simulate')
  .description('Simulate OCPP 1.6-J / 2.0.1 charge points against the CSMS (strict OCPP schema validation).')
  .option('--id <ocppId>', 'charge point identity (last path segment of the URL, Basic auth username)')
  .addOption(
    new Option('--protocol <protocol>', 'OCPP-J subprotocol (required for one charger; forces it in a fleet)').choices(
      OCPP_PROTOCOLS,
    ),
  )
  .option('--url <url>', 'CSMS OCPP endpoint, without the identity', 'ws://localhost:3000/ocpp')
  .option('--password <password>', 'HTTP Basic auth password (security profile 1)')
  .option(
    '--connectors <n[,n…]>',
    'connectors (1.6) / EVSEs (2.0.1); a fleet cycles a list over its chargers',
    list(positiveInteger),
    [1],
  )
  .option('--connector <n>', 'connector/EVSE that --auto and the keys act on', positiveInteger, 1)
  .option('--id-tag <tag>', 'idTag (1.6) / ISO14443 idToken (2.0.1) presented when plugging in', 'SIM-TAG-1')
  .option('--meter-interval <seconds>', 'seconds between MeterValues / TransactionEvent Updated', positiveNumber, 5)
  .option('--dc', 'DC fast charger instead of AC (three phases, 230 V); in a fleet: every charger')
  .option(
    '--max-kw <kW[,kW…]>',
    'port maximum per connector, kW (default 7.2 on AC, 150 on DC); a fleet cycles a list',
    list(positiveNumber),
  )
  .option('--battery-kwh <kWh>', 'EV battery capacity, kWh (default 60 on AC, 75 on DC)', positiveNumber)
  .option(
    '--ev-max-kw <kW>',
    'most the EV accepts below 80 % SoC, kW (default 11 on AC, 150 on DC); tapers above',
    positiveNumber,
  )
  .option('--start-soc <percent>', 'EV state of charge at plug-in (default 35; fleet: random 10–60)', percent)
  .option(
    '--target-soc <percent>',
    '--auto and fleet sessions end when the EV reaches this SoC (default 100; a fleet van stays until its departure)',
    percent,
  )
  .option(
    '--speed <factor>',
    'SoC moves this many times faster: EV batteries this many times smaller (power and energy stay real); ' +
      'fleet vans leave after their dwell divided by it',
    positiveNumber,
    1,
  )
  .option('--auto', 'run one session (plug in, authorize, start, meter values, stop) then exit')
  .option(
    '--duration <seconds>',
    'longest --auto / fleet session, real seconds (also the EV departure; default 30; a fleet van stays ' +
      'until its departure, its dwell divided by --speed)',
    positiveNumber,
  )
  .option('--no-reservation', 'do not support reservations (ReserveNow Rejected, not advertised)')
  .option('--no-smart-charging', 'no SmartCharging: profile commands get CALLERROR NotSupported, not advertised')
  .option(
    '--rate-unit <A|W|A,W>',
    'charging-schedule units advertised (2.0.1 rejects others); default A on AC, W on DC',
    list(oneOf(['A', 'W'] as const)),
  )
  .option(
    '--iso15118',
    '2.0.1: send NotifyEVChargingNeeds (energy, departure, EV limits) after TransactionEvent Started',
  )
  .option(
    '--free-vend',
    'charge without Authorize and whatever the CSMS answers for the idTag (StopTransactionOnInvalidId = false)',
  )
  .option(
    '--firmware-step-ms <ms>',
    'UpdateFirmware: milliseconds between two FirmwareStatusNotifications (default 500)',
    positiveNumber,
  )
  .addOption(
    new Option(
      '--firmware-failure <how>',
      'UpdateFirmware fails: DownloadFailed, InstallationFailed, InvalidSignature (2.0.1) or stalls after Downloading (also asked by a URL containing fail-download, fail-install, invalid-signature or stall)',
    ).choices(FIRMWARE_FAILURES),
  )
  .addOption(
    new Option('--reject', 'answer every CSMS command with its refusal status').conflicts(exclusiveWith('reject')),
  )
  .addOption(
    new Option('--fault [code]', 'answer every CSMS command with a CALLERROR')
      .choices(FAULT_CODES)
      .preset('InternalError')
      .conflicts(exclusiveWith('fault')),
  )
  .addOption(
    new Option('--silent', 'never answer CSMS commands (the CSMS call times out)').conflicts(exclusiveWith('silent')),
  )
  .addOption(
    new Option('--drop', 'close the WebSocket on any CSMS command, without answering').conflicts(exclusiveWith('drop')),
  )
  .option('--fleet <n>', 'run N chargers <id-prefix>-1…N in one process, sessions back to back', positiveInteger)
  .option('--ids <id,id…>', 'fleet of these charger identities (e.g. registered chargers)', list(nonEmpty))
  .option('--id-prefix <prefix>', 'fleet identity prefix', 'SIM')
  .option(
    '--types <AC|DC,…>',
    'fleet AC/DC pattern cycled over the chargers (default DC,AC,AC,DC)',
    list(oneOf(['AC', 'DC'] as const)),
  )
  .option('--idle <seconds>', 'fleet: pause between two sessions on a connector', positiveNumber, 10)
  .option(
    '--no-vans',
    "fleet: anonymous EVs presenting --id-tag instead of the demo depot's vans (Demo Van N, card SIM-TAG-N)",
  )
  .option(
    '--api-key <key>',
    "fleet: publish each van's departure through the departure-times API with this organization key",
  )
  .option('--api-url <url>', 'fleet: the API for --api-key (default: beside --url, e.g. http://localhost:3000/api)')
  .option('--summary-interval <seconds>', 'fleet: seconds between summary lines', positiveNumber, 5)
  .option('--verbose', 'fleet: print every log line of every charger, not only warnings and session ends')
  .addHelpText(
    'after',
    '\nKeys (one charger, interactive): p = plug in + authorize + start, s = stop, 1-9 = select connector,\n' +
      'q = quit. ' +
      'Without a TTY, type one key per line.\n' +
      'A fleet (--fleet N or --ids) alternates OCPP 1.6 / 2.0.1 unless --protocol is given, and prints per charger:\n' +
      '  <id> <version> <AC|DC> #<connector> <status> limit <profile limit> P <power> SoC <soc> <idTag>\n' +
      "Its N-th connector charges the demo depot's van N (card SIM-TAG-N, its own arrival SoC and target), which\n" +
      'leaves 1 h to 5 h 30 min after plugging in (30 min apart); --api-key publishes those departures.',
  );

function behaviourOf(options: CliOptions): CommandBehaviour {
  if (options.reject) return 'reject';
  if (options.fault) return 'fault';
  if (options.silent) return 'silent';
  if (options.drop) return 'drop';
  return 'answer';
}

const print = (line: string): void => void process.stdout.write(`${line}\n`);
const printLog = (entry: SimulatorLogEntry, prefix = ''): void => {
  const time = new Date().toISOString().slice(11, 23);
  const mark = entry.level === 'info' ? '·' : entry.level === 'warn' ? '!' : '✗';
  (entry.level === 'error' ? process.stderr : process.stdout).write(`${time} ${mark} ${prefix}${entry.message}\n`);
};
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Options every simulator of this run shares, from the CLI. */
function sharedOptions(options: CliOptions): Omit<SimulatorOptions, 'ocppId' | 'protocol'> {
  const ev = {
    ...(options.batteryKwh === undefined ? {} : { batteryWh: options.batteryKwh * 1000 }),
    ...(options.evMaxKw === undefined ? {} : { maxPowerW: options.evMaxKw * 1000 }),
  };
  return {
    url: options.url,
    ...(options.password === undefined ? {} : { password: options.password }),
    idTag: options.idTag,
    meterIntervalSeconds: options.meterInterval,
    reservation: options.reservation,
    freeVend: options.freeVend ?? false,
    behaviour: behaviourOf(options),
    ...(options.fault ? { faultCode: options.fault } : {}),
    speed: options.speed,
    ev,
    ...(options.startSoc === undefined ? {} : { startSocPercent: options.startSoc }),
    smartCharging: options.smartCharging,
    ...(options.rateUnit ? { rateUnits: options.rateUnit } : {}),
    iso15118: options.iso15118 ?? false,
    firmware: { stepMs: options.firmwareStepMs, failure: options.firmwareFailure },
  };
}

/** Stops every running session, then closes the connection. */
async function shutdown(simulator: Simulator): Promise<void> {
  for (const connector of simulator.chargePoint.connectors) {
    if (connector.session?.state === 'charging') {
      await simulator
        .stop(connector.id)
        .catch((error: unknown) => printLog({ level: 'error', message: messageOf(error) }));
    }
  }
  await simulator.close();
}

/** `--auto`: one session, then exit 0 (1 on failure). */
async function runAuto(simulator: Simulator, options: CliOptions, onQuit: () => void): Promise<never> {
  try {
    await runAutoSession(simulator, {
      connectorId: options.connector,
      ...(options.duration === undefined ? {} : { durationSeconds: options.duration }),
      ...(options.targetSoc === undefined ? {} : { targetSocPercent: options.targetSoc }),
    });
    onQuit();
    await simulator.close();
    process.exit(0);
  } catch (error) {
    printLog({ level: 'error', message: messageOf(error) });
    onQuit();
    await simulator.close().catch(() => undefined);
    process.exit(1);
  }
}

/** Interactive keys until `q` / Ctrl-C / SIGTERM. */
function runInteractive(simulator: Simulator, options: CliOptions, connectors: number, onQuit: () => void): void {
  let connectorId = options.connector;
  let stopListening = (): void => undefined;
  const select = connectors > 1 ? `, 1-${Math.min(connectors, 9)} = select connector` : '';
  print(`keys: p = plug in + authorize + start, s = stop${select}, q = quit (connector ${connectorId})`);
  let quitting = false;
  const quit = async (): Promise<void> => {
    if (quitting) process.exit(1); // second request: do not wait any longer
    quitting = true;
    onQuit();
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
      if (selected > connectors) printLog({ level: 'warn', message: `no connector ${selected}` });
      else {
        connectorId = selected;
        printLog({ level: 'info', message: `connector ${connectorId} selected` });
      }
    }
  });
  process.once('SIGINT', () => void quit());
  process.once('SIGTERM', () => void quit());
}

/** One charger: frames printed, `--auto` or interactive keys. */
async function runSingle(options: CliOptions): Promise<void> {
  if (!options.id) program.error('--id is required (or --fleet N / --ids for a fleet)');
  if (!options.protocol) program.error(`--protocol is required (${OCPP_PROTOCOLS.join(' or ')})`);
  const [connectors = 1, ...extra] = options.connectors;
  if (extra.length > 0 || (options.maxKw?.length ?? 0) > 1)
    program.error('lists in --connectors / --max-kw are for fleets');
  if (options.connector > connectors)
    program.error(`--connector ${options.connector} exceeds --connectors ${connectors}`);
  const maxKw = options.maxKw?.[0];
  const simulator = await startSimulator({
    ...sharedOptions(options),
    ocppId: options.id,
    protocol: options.protocol,
    connectors,
    connectorId: options.connector,
    currentType: options.dc ? 'DC' : 'AC',
    ...(maxKw === undefined ? {} : { maxPowerW: maxKw * 1000 }),
    onFrame: (frame) => print(formatFrame(frame)),
    onLog: (entry) => printLog(entry),
  });
  let quitting = false;
  void simulator.closed.then(({ code, reason }) => {
    if (quitting) return;
    printLog({ level: 'warn', message: `connection closed (${code ?? '?'}${reason ? ` ${reason}` : ''})` });
    process.exit(behaviourOf(options) === 'drop' ? 0 : 1);
  });
  if (options.auto) await runAuto(simulator, options, () => (quitting = true));
  runInteractive(simulator, options, connectors, () => (quitting = true));
}

/** A fleet: summary lines every `--summary-interval` seconds until Ctrl-C / SIGTERM. */
async function runFleet(options: CliOptions): Promise<void> {
  if (options.id) program.error('--id is for one charger; a fleet takes --ids or --fleet N [--id-prefix]');
  let members: FleetMember[];
  try {
    members = planFleet({
      ...(options.ids ? { ids: options.ids } : {}),
      ...(options.fleet === undefined ? {} : { size: options.fleet }),
      idPrefix: options.idPrefix,
      ...(options.protocol ? { protocol: options.protocol } : {}),
      ...(options.dc ? { currentTypes: ['DC'] } : options.types ? { currentTypes: options.types } : {}),
      connectors: options.connectors,
      ...(options.maxKw ? { maxPowerW: options.maxKw.map((kw) => kw * 1000) } : {}),
    });
  } catch (error) {
    program.error(messageOf(error));
  }
  if (options.apiKey && !options.vans) program.error("--api-key publishes the vans' departures: drop --no-vans");
  const vans = options.vans ? depotVans(members.reduce((sum, member) => sum + member.connectors, 0)) : [];
  const api = options.apiKey
    ? { apiUrl: options.apiUrl ?? apiUrlBeside(options.url), apiKey: options.apiKey }
    : undefined;
  const fleet = await startFleet({
    members,
    simulator: sharedOptions(options),
    vans,
    ...(api ? { publishDeparture: (van, departureTime) => publishDeparture(api, van, departureTime) } : {}),
    sessions: {
      ...(options.duration === undefined ? {} : { durationSeconds: options.duration }),
      idleSeconds: options.idle,
      ...(options.targetSoc === undefined ? {} : { targetSocPercent: options.targetSoc }),
      ...(options.startSoc === undefined ? {} : { startSocPercent: options.startSoc }),
    },
    onLog: (ocppId, entry, origin) => {
      if (options.verbose || origin === 'fleet' || entry.level !== 'info') printLog(entry, `${ocppId} `);
    },
  });
  print(`fleet: ${fleet.simulators.length} of ${members.length} chargers connected; Ctrl-C stops`);
  if (vans.length > 0) {
    const [first, last] = [vans[0]!, vans.at(-1)!];
    print(
      `vans: ${first.name}…${last.number}, cards ${first.idTag}…${last.idTag}; departures ` +
        (api ? `published to ${api.apiUrl}` : 'not published (no --api-key)'),
    );
  }
  const summary = setInterval(() => {
    for (const line of fleet.summaryLines()) print(line);
  }, options.summaryInterval * 1000);
  let stopping = false;
  const stop = async (): Promise<void> => {
    if (stopping) process.exit(1);
    stopping = true;
    clearInterval(summary);
    await fleet.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

async function main(): Promise<void> {
  program.parse();
  const options = program.opts<CliOptions>();
  if (options.fleet !== undefined || options.ids) await runFleet(options);
  else await runSingle(options);
}

main().catch((error: unknown) => {
  printLog({ level: 'error', message: messageOf(error) });
  process.exit(1);
});
