/* OCPP 2.1: validators compiled ahead of time from ocpp-rpc/lib/schemas/ocpp2_1.json by
 * bin/generate-ocpp-validators.ts (Ajv standalone code). Do not edit; run `npm run generate:ocpp-types`. */
import type { VersionValidators } from '../schemas';
/** Every action's CALL (`request`) and CALLRESULT (`response`) validators, by action. */
export declare const VALIDATORS: VersionValidators;
