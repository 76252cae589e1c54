/**
 * Wire log of the simulator: turns the raw OCPP-J frames ocpp-rpc sends and receives into
 * {@link SimulatorFrame}s, and formats them as one concise line each.
 *
 * This only reads frames; building and sending them is ocpp-rpc's job.
 *
 * @module
 */

/** An OCPP-J message as seen on the WebSocket. */
export interface SimulatorFrame {
  /** `sent` by the simulator or `received` from the CSMS. */
  readonly direction: 'sent' | 'received';
  /** OCPP-J message type: CALL (2), CALLRESULT (3) or CALLERROR (4). */
  readonly messageType: 'CALL' | 'CALLRESULT' | 'CALLERROR';
  /** OCPP-J message id (a CALLRESULT/CALLERROR carries the id of its CALL). */
  readonly messageId: string;
  /** Action of the CALL, or of the CALL a CALLRESULT/CALLERROR answers (`?` when unknown). */
  readonly action: string;
  /** CALL/CALLRESULT payload; for a CALLERROR, `{ errorCode, errorDescription, errorDetails }`. */
  readonly payload: unknown;
  /** When the frame was seen. */
  readonly timestamp: Date;
}

const MESSAGE_TYPES = { 2: 'CALL', 3: 'CALLRESULT', 4: 'CALLERROR' } as const;

/**
 * Parses OCPP-J frames of one connection, remembering each CALL's action so the answer can be
 * labelled with it.
 */
export class FrameParser {
  private readonly actions = new Map<string, string>();

  /**
   * Parses one raw frame; returns undefined for anything that is not an OCPP-J message
   * (ocpp-rpc reports those as `badMessage`).
   */
  parse(raw: string, direction: SimulatorFrame['direction'], timestamp = new Date()): SimulatorFrame | undefined {
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch {
      return undefined;
    }
    if (!Array.isArray(message)) return undefined;
    const [type, messageId] = message as [unknown, unknown];
    const messageType = MESSAGE_TYPES[type as keyof typeof MESSAGE_TYPES];
    if (!messageType || typeof messageId !== 'string') return undefined;
    // Calls of both directions share the map: ids are UUIDs, so they do not collide in practice.
    const key = `${direction === 'sent' ? 'out' : 'in'}:${messageId}`;
    if (messageType === 'CALL') {
      const action = String(message[2]);
      this.actions.set(key, action);
      return { direction, messageType, messageId, action, payload: message[3], timestamp };
    }
    const callKey = `${direction === 'sent' ? 'in' : 'out'}:${messageId}`;
    const action = this.actions.get(callKey) ?? '?';
    this.actions.delete(callKey);
    const payload =
      messageType === 'CALLRESULT'
        ? message[2]
        : { errorCode: message[2], errorDescription: message[3], errorDetails: message[4] };
    return { direction, messageType, messageId, action, payload, timestamp };
  }
}

interface SampledValueLike {
  value?: unknown;
  measurand?: string;
  phase?: string;
  unit?: string;
  unitOfMeasure?: { unit?: string };
}

const SHORT_MEASURANDS: Record<string, string> = {
  'Energy.Active.Import.Register': 'E',
  'Power.Active.Import': 'P',
  'Current.Import': 'I',
  Voltage: 'U',
  SoC: 'SoC',
};

/** `[{ timestamp, sampledValue: [...] }]` → `E=100360Wh P=7200W I=10.4/10.4/10.4A U=230V SoC=35.6Percent`. */
function summarizeMeterValues(meterValues: unknown[]): string {
  return meterValues
    .map((meterValue) => {
      const sampled = ((meterValue as { sampledValue?: SampledValueLike[] }).sampledValue ?? []) as SampledValueLike[];
      const groups = new Map<string, { values: string[]; unit: string }>();
      for (const value of sampled) {
        const name = SHORT_MEASURANDS[value.measurand ?? 'Energy.Active.Import.Register'] ?? value.measurand ?? '?';
        const unit = value.unit ?? value.unitOfMeasure?.unit ?? '';
        const group = groups.get(name) ?? { values: [], unit: unit === 'Percent' ? '%' : unit };
        group.values.push(String(value.value));
        groups.set(name, group);
      }
      return [...groups.entries()].map(([name, { values, unit }]) => `${name}=${values.join('/')}${unit}`).join(' ');
    })
    .join(' | ');
}

/**
 * A short, single-line rendering of a payload: JSON cut at `maxLength` characters, with meter
 * values (`meterValue`, `transactionData`) condensed and appended after it so they always show
 * (`⟨E=…Wh P=…W I=…A U=…V SoC=…%⟩`).
 */
export function summarizePayload(payload: unknown, maxLength = 200): string {
  let rest = payload;
  const meters: string[] = [];
  if (payload && typeof payload === 'object' && !Array.isArray(payload)) {
    const entries = Object.entries(payload).filter(([key, value]) => {
      const isMeter = (key === 'meterValue' || key === 'transactionData') && Array.isArray(value);
      if (isMeter) meters.push(`${key}⟨${summarizeMeterValues(value as unknown[])}⟩`);
      return !isMeter;
    });
    rest = Object.fromEntries(entries);
  }
  const json = JSON.stringify(rest) ?? '';
  const text = json.length > maxLength ? `${json.slice(0, maxLength - 1)}…` : json;
  return [text, ...meters].join(' ');
}

/**
 * One log line for a frame: time (UTC), arrow (`→` sent, `←` received), message type, action and
 * payload summary.
 *
 * @example
 * formatFrame(frame) // '12:00:01.123 → CALL       StartTransaction {"connectorId":1,…}'
 */
export function formatFrame(frame: SimulatorFrame): string {
  const time = frame.timestamp.toISOString().slice(11, 23);
  const arrow = frame.direction === 'sent' ? '→' : '←';
  return `${time} ${arrow} ${frame.messageType.padEnd(10)} ${frame.action} ${summarizePayload(frame.payload)}`;
}
