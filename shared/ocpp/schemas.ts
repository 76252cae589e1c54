/**
 * Validation of OCPP payloads against the official JSON schemas (the ones `ocpp-rpc` ships:
 * OCPP 1.6-J with the security extension, OCPP 2.0.1, OCPP 2.1), compiled ahead of time by
 * `npm run generate:ocpp-types` (Ajv standalone code). Each version has two modules: the names,
 * `validators/<v>.js`, one export `{ protocol, action }` per action ({@link ActionValidators}),
 * imported by the handler or command that declares the action; and the code,
 * `validators/<v>.code.mjs`, imported here on the first payload of that version (docs/architecture.md,
 * "OCPP validators, one module per version"). The Lambda bundles leave the code modules out and
 * ship them beside themselves (`lib/aws/functions.ts`), so a function whose chargers all speak
 * 2.0.1 never parses the 1.6 code, and nothing is compiled at run time.
 *
 * A failure maps to one CALLERROR code by its first error (as mobilityhouse/ocpp does):
 * `type` → TypeConstraintViolation; `required`, `minItems`, `maxItems` →
 * OccurrenceConstraintViolation; `additionalProperties` → FormatViolation; value rules (`enum`,
 * `maxLength`, `minimum`, `format`, …) → PropertyConstraintViolation.
 */
import { ACTIONS as OCPP16_ACTIONS } from './validators/v16';
import { ACTIONS as OCPP201_ACTIONS } from './validators/v201';
import { ACTIONS as OCPP21_ACTIONS } from './validators/v21';
import { OcppCallError, type OcppErrorCode } from './errors';
import type { OcppProtocol } from '../db/entities/common';

/** `req` validates a CALL payload, `conf` a CALLRESULT payload. */
export type PayloadKind = 'req' | 'conf';

/** The first error a generated validator reports (Ajv's error object, without message). */
export interface ValidationError {
  keyword: string;
  /** JSON pointer of the offending value in the payload (`/chargingStation/model`). */
  instancePath: string;
  params: Record<string, unknown>;
}

/** A generated validator: true when the payload conforms; otherwise its `errors` say why. */
export interface PayloadValidator {
  (payload: unknown): boolean;
  errors?: ValidationError[] | null;
}

/**
 * The validators of one action of one version, by name: its CALL and CALLRESULT payloads are
 * validated by the version's code module, loaded on first use ({@link validatePayload}).
 */
export interface ActionValidators<P extends OcppProtocol = OcppProtocol, A extends string = string> {
  protocol: P;
  action: A;
}

/**
 * A version's code module: each action's CALL (`request`) and CALLRESULT (`response`) validators;
 * an OCPP 2.1 SEND (`NotifyPeriodicEventStream`: unconfirmed) has no response.
 */
export type VersionValidators = Readonly<Record<string, { request: PayloadValidator; response?: PayloadValidator }>>;

/**
 * Each version's code module. The paths stay literal and relative to this folder: the Lambda
 * bundles keep them as they are (esbuild's `external`), and ship the modules at the same place
 * beside the bundle (`validators/<v>.code.mjs`).
 */
const CODE_MODULES: Record<OcppProtocol, () => Promise<{ VALIDATORS: VersionValidators }>> = {
  'ocpp1.6': () => import('./validators/v16.code.mjs'),
  'ocpp2.0.1': () => import('./validators/v201.code.mjs'),
  'ocpp2.1': () => import('./validators/v21.code.mjs'),
};

const loaded = new Map<OcppProtocol, Promise<VersionValidators>>();

/**
 * A version's validators, its code module imported on the first call (later calls share the
 * import). A failed import is not remembered: the next call tries again.
 */
export function versionValidators(protocol: OcppProtocol): Promise<VersionValidators> {
  let validators = loaded.get(protocol);
  if (!validators) {
    validators = CODE_MODULES[protocol]().then(
      (module) => module.VALIDATORS,
      (error: unknown) => {
        loaded.delete(protocol);
        throw error;
      },
    );
    loaded.set(protocol, validators);
  }
  return validators;
}

const KEYWORD_CODES: Record<string, OcppErrorCode> = {
  type: 'TypeConstraintViolation',
  required: 'OccurrenceConstraintViolation',
  minItems: 'OccurrenceConstraintViolation',
  maxItems: 'OccurrenceConstraintViolation',
  additionalProperties: 'FormatViolation',
  enum: 'PropertyConstraintViolation',
  const: 'PropertyConstraintViolation',
  maxLength: 'PropertyConstraintViolation',
  minLength: 'PropertyConstraintViolation',
  minimum: 'PropertyConstraintViolation',
  maximum: 'PropertyConstraintViolation',
  exclusiveMinimum: 'PropertyConstraintViolation',
  exclusiveMaximum: 'PropertyConstraintViolation',
  multipleOf: 'PropertyConstraintViolation',
  pattern: 'PropertyConstraintViolation',
  format: 'PropertyConstraintViolation',
};

const ACTIONS: Record<OcppProtocol, ReadonlySet<string>> = {
  'ocpp1.6': new Set(OCPP16_ACTIONS),
  'ocpp2.0.1': new Set(OCPP201_ACTIONS),
  'ocpp2.1': new Set(OCPP21_ACTIONS),
};

/** What an error says, in Ajv's words, from its keyword and parameters. */
function problem({ keyword, params }: ValidationError): string {
  switch (keyword) {
    case 'additionalProperties':
      return `unknown property ${JSON.stringify(params.additionalProperty)}`;
    case 'required':
      return `missing required property ${JSON.stringify(params.missingProperty)}`;
    case 'type':
      return `must be ${String(params.type)}`;
    case 'enum':
      return 'must be equal to one of the allowed values';
    case 'format':
      return `must match format "${String(params.format)}"`;
    case 'maxLength':
      return `must NOT have more than ${String(params.limit)} characters`;
    case 'minLength':
      return `must NOT have fewer than ${String(params.limit)} characters`;
    case 'maxItems':
      return `must NOT have more than ${String(params.limit)} items`;
    case 'minItems':
      return `must NOT have fewer than ${String(params.limit)} items`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `must be ${String(params.comparison)} ${String(params.limit)}`;
    default:
      return `breaks the rule "${keyword}"`;
  }
}

/** True when the protocol version defines this action (CALL and CALLRESULT schemas exist). */
export function isKnownAction(protocol: OcppProtocol, action: string): boolean {
  return ACTIONS[protocol].has(action);
}

/**
 * Validates a payload of an action (its version's code module is loaded on first use).
 * @param validators the action's generated validators
 * @param kind `req` for a CALL payload, `conf` for a CALLRESULT payload
 * @throws OcppCallError with the mapped code, naming the offending property; Error for the response
 *   of an action that has none (a SEND)
 */
export async function validatePayload(
  validators: ActionValidators,
  kind: PayloadKind,
  payload: unknown,
): Promise<void> {
  const action = (await versionValidators(validators.protocol))[validators.action]!;
  const validate = kind === 'req' ? action.request : action.response;
  if (!validate) throw new Error(`${validators.action} has no response`);
  if (validate(payload)) return;
  const first = validate.errors![0]!;
  throw new OcppCallError(
    KEYWORD_CODES[first.keyword] ?? 'FormatViolation',
    `${validators.action}: ${first.instancePath || '(payload)'} ${problem(first)}`,
    { keyword: first.keyword, path: first.instancePath },
  );
}
