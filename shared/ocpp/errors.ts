/**
 * OCPP-J CALLERRORs (OCPP 1.6-J §4.2.3, OCPP 2.0.1 Part 4 §4.2.3): an error thrown anywhere while
 * handling a CALL becomes `[4, messageId, errorCode, errorDescription, errorDetails]`.
 * The error codes differ per version in spelling and set; {@link OcppCallError.codeFor} maps ours
 * to the version's.
 */
import type { OcppProtocol } from '../db/entities/common';

/** Error codes, in OCPP 2.0.1 spelling (1.6 spells two of them differently, and lacks some). */
export type OcppErrorCode =
  | 'FormatViolation'
  | 'GenericError'
  | 'InternalError'
  | 'MessageTypeNotSupported'
  | 'NotImplemented'
  | 'NotSupported'
  | 'OccurrenceConstraintViolation'
  | 'PropertyConstraintViolation'
  | 'ProtocolError'
  | 'RpcFrameworkError'
  | 'SecurityError'
  | 'TypeConstraintViolation';

/** How OCPP 1.6-J names (or replaces) each code. */
const OCPP16_CODES: Record<OcppErrorCode, string> = {
  FormatViolation: 'FormationViolation',
  GenericError: 'GenericError',
  InternalError: 'InternalError',
  MessageTypeNotSupported: 'ProtocolError',
  NotImplemented: 'NotImplemented',
  NotSupported: 'NotSupported',
  OccurrenceConstraintViolation: 'OccurenceConstraintViolation',
  PropertyConstraintViolation: 'PropertyConstraintViolation',
  ProtocolError: 'ProtocolError',
  RpcFrameworkError: 'FormationViolation',
  SecurityError: 'SecurityError',
  TypeConstraintViolation: 'TypeConstraintViolation',
};

/** A CALLERROR to send back for a CALL. */
export class OcppCallError extends Error {
  /**
   * @param code error code (2.0.1 spelling)
   * @param description human-readable description (errorDescription)
   * @param details errorDetails object
   */
  constructor(
    readonly code: OcppErrorCode,
    description: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(description);
    this.name = 'OcppCallError';
  }

  /** The code as `protocol` spells it. */
  codeFor(protocol: OcppProtocol): string {
    return protocol === 'ocpp1.6' ? OCPP16_CODES[this.code] : this.code;
  }

  /** The CALLERROR frame; `messageId` is `-1` when the CALL's ID could not be read. */
  toFrame(messageId: string, protocol: OcppProtocol): [4, string, string, string, Record<string, unknown>] {
    return [4, messageId, this.codeFor(protocol), this.message.slice(0, 255), this.details];
  }
}
