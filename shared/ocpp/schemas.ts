/**
 * Validation of OCPP payloads against the official JSON schemas (the ones `ocpp-rpc` ships:
 * OCPP 1.6-J with the security extension, OCPP 2.0.1), with Ajv. Each schema is compiled on
 * first use, so a Lambda pays only for the actions it sees.
 *
 * A failure maps to one CALLERROR code by its first Ajv error (as mobilityhouse/ocpp does):
 * `type` → TypeConstraintViolation; `required`, `minItems`, `maxItems` →
 * OccurrenceConstraintViolation; `additionalProperties` → FormatViolation; value rules (`enum`,
 * `maxLength`, `minimum`, `format`, …) → PropertyConstraintViolation.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import ocpp16Schemas from 'ocpp-rpc/lib/schemas/ocpp1_6.json';
import ocpp201Schemas from 'ocpp-rpc/lib/schemas/ocpp2_0_1.json';
import { OcppCallError, type OcppErrorCode } from './errors';
import type { OcppProtocol } from './connection';

/** `req` validates a CALL payload, `conf` a CALLRESULT payload. */
export type PayloadKind = 'req' | 'conf';

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

function createAjv(schemas: object[]): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: false, validateSchema: false });
  (addFormats as unknown as (ajv: Ajv) => void)(ajv);
  // The schemas use multipleOf 0.1 on decimals; exact float division would reject 0.3.
  ajv.removeKeyword('multipleOf');
  ajv.addKeyword({
    keyword: 'multipleOf',
    type: 'number',
    schemaType: 'number',
    validate: (step: number, data: number) => Math.abs(Math.round(data / step) - data / step) < 1e-9,
    errors: false,
  });
  // Keyed by `<Action>.<req|conf>`: the schemas' own `urn:<Action>.req` IDs are URNs without a
  // namespace, which Ajv's URI library refuses; their `$ref`s are all document-local.
  for (const schema of schemas as { $id: string }[]) {
    const { $id, ...rest } = schema;
    ajv.addSchema(rest, $id.replace(/^urn:/, ''));
  }
  return ajv;
}

const ajvs: Partial<Record<OcppProtocol, Ajv>> = {};
const SCHEMAS: Record<OcppProtocol, object[]> = { 'ocpp1.6': ocpp16Schemas, 'ocpp2.0.1': ocpp201Schemas };

function describe(error: ErrorObject): string {
  const where = error.instancePath || '(payload)';
  if (error.keyword === 'additionalProperties') return `${where}: unknown property ${JSON.stringify(error.params.additionalProperty)}`;
  if (error.keyword === 'required') return `${where}: missing required property ${JSON.stringify(error.params.missingProperty)}`;
  return `${where} ${error.message ?? 'is invalid'}`;
}

/** True when the protocol has a schema for this action (i.e. the action exists in that version). */
export function hasSchema(protocol: OcppProtocol, action: string, kind: PayloadKind): boolean {
  return validatorFor(protocol, action, kind) !== undefined;
}

function validatorFor(protocol: OcppProtocol, action: string, kind: PayloadKind): ValidateFunction | undefined {
  if (!/^\w{1,64}$/.test(action)) return undefined;
  const ajv = (ajvs[protocol] ??= createAjv(SCHEMAS[protocol]));
  return ajv.getSchema(`${action}.${kind}`);
}

/**
 * Validates a payload.
 * @throws OcppCallError with the mapped code, naming the offending property; NotImplemented when
 *   the version has no such action
 */
export function validatePayload(protocol: OcppProtocol, action: string, kind: PayloadKind, payload: unknown): void {
  const validate = validatorFor(protocol, action, kind);
  if (!validate) throw new OcppCallError('NotImplemented', `Unknown action ${action} in ${protocol}`);
  if (validate(payload)) return;
  const first = validate.errors![0]!;
  throw new OcppCallError(KEYWORD_CODES[first.keyword] ?? 'FormatViolation', `${action}: ${describe(first)}`, {
    keyword: first.keyword,
    path: first.instancePath,
  });
}
