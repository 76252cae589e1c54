/**
 * Validation of OCPP payloads against the official JSON schemas (the ones `ocpp-rpc` ships:
 * OCPP 1.6-J with the security extension, OCPP 2.0.1), compiled ahead of time by
 * `npm run generate:ocpp-types` into `validators/{v16,v201}.js` (Ajv standalone code). Each action
 * is one export, `{ action, request, response }` ({@link ActionValidators}), imported by the
 * handler or command that declares the action, so a Lambda bundles only the validators of the
 * actions it handles and compiles nothing at run time.
 *
 * A failure maps to one CALLERROR code by its first error (as mobilityhouse/ocpp does):
 * `type` → TypeConstraintViolation; `required`, `minItems`, `maxItems` →
 * OccurrenceConstraintViolation; `additionalProperties` → FormatViolation; value rules (`enum`,
 * `maxLength`, `minimum`, `format`, …) → PropertyConstraintViolation.
 */
import { ACTIONS as OCPP16_ACTIONS } from './validators/v16';
import { ACTIONS as OCPP201_ACTIONS } from './validators/v201';
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

/** The validators of one action of one version: its CALL (`request`) and CALLRESULT (`response`) payloads. */
export interface ActionValidators<P extends OcppProtocol = OcppProtocol, A extends string = string> {
  protocol: P;
  action: A;
  request: PayloadValidator;
  response: PayloadValidator;
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
 * Validates a payload of an action.
 * @param validators the action's generated validators
 * @param kind `req` for a CALL payload, `conf` for a CALLRESULT payload
 * @throws OcppCallError with the mapped code, naming the offending property
 */
export function validatePayload(validators: ActionValidators, kind: PayloadKind, payload: unknown): void {
  const validate = kind === 'req' ? validators.request : validators.response;
  if (validate(payload)) return;
  const first = validate.errors![0]!;
  throw new OcppCallError(
    KEYWORD_CODES[first.keyword] ?? 'FormatViolation',
    `${validators.action}: ${first.instancePath || '(payload)'} ${problem(first)}`,
    { keyword: first.keyword, path: first.instancePath },
  );
}
