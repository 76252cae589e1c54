/**
 * A certificate's serial number in a request path (`POST /api/chargers/{id}/certificates/{serialNumber}/revoke`):
 * apart from `certificates.ts` so that what stores certificates loads no zod.
 */
import * as z from 'zod';
import { normalizeSerial } from '../certificates/serial';

/**
 * Hexadecimal, 1–64 characters (RFC 5280 allows 20 octets; room for colons and leading zeros), any
 * case, colons allowed (CloudFront's `4a:3f:…`); refused otherwise with "must be a hexadecimal
 * serial number (at most 64 characters)". Parsed to OCPP's form (lowercase, no leading zeros), as the listing shows it.
 */
export const certificateSerialSchema = z
  .string()
  .regex(/^(?=.*[0-9a-fA-F])[0-9a-fA-F:]{1,64}$/, 'must be a hexadecimal serial number (at most 64 characters)')
  .transform((serial) => normalizeSerial(serial) as string)
  .meta({ description: 'Hexadecimal serial number, as the listing shows it', example: '4a3f09' });
