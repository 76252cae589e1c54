/**
 * The firmware fields of API bodies (docs/firmware.md, "Updating firmware"): where a charger (or a
 * local controller, publish-firmware) downloads an image, when, and how it is signed; shared by the
 * update-firmware operation's body, the firmware campaigns' and the publish-firmware operation's.
 */
import * as z from 'zod';
import { isPemCertificate } from './security-inputs';
import { MAX_FIRMWARE_LEAD_DAYS, type FirmwareRequestFields } from './firmware-kind';

/** How far in the past a `retrieveDate`/`installDate` may be (clocks differ), ms. */
const CLOCK_SLACK_MS = 5 * 60_000;

/** URL schemes a charger may download firmware from. */
const FIRMWARE_URL_SCHEMES = ['https:', 'ftp:', 'ftps:'];

/** An ISO 8601 date-time with its offset. */
const dateTime = z.iso.datetime({ offset: true });

/** The firmware fields of a body (the update-firmware kind's and a firmware campaign's). */
export const firmwareFields = {
  location: z
    .string()
    .max(512)
    .refine((value) => {
      try {
        return FIRMWARE_URL_SCHEMES.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, 'must be an https, ftp or ftps URL')
    .meta({
      description: 'Where the charger downloads the firmware: an https, ftp or ftps URL (2.0.1 at most 512 characters)',
    }),
  retrieveDate: dateTime.optional().meta({
    description: 'When the charger downloads it, ISO 8601 (default now; not in the past, at most 30 days ahead)',
  }),
  installDate: dateTime.optional().meta({
    description:
      'When the charger installs it, ISO 8601 (installDateTime: 2.0.1, and 1.6 with signed firmware; else 400 for a 1.6 charger)',
  }),
  retries: z.number().int().min(0).max(100).optional().meta({ description: 'Download attempts before giving up' }),
  retryInterval: z.number().int().min(0).max(86_400).optional().meta({ description: 'Seconds between attempts' }),
  signingCertificate: z
    .string()
    .min(1)
    .max(5500)
    .refine(isPemCertificate, 'must be one X.509 certificate in PEM (-----BEGIN CERTIFICATE-----)')
    .optional()
    .meta({
      description:
        'PEM certificate that signed the firmware (2.0.1 UpdateFirmware; 1.6 SignedUpdateFirmware, with signature)',
    }),
  signature: z.base64('must be base64').min(1).max(800).optional().meta({
    description:
      'Base64 signature of the firmware (2.0.1 UpdateFirmware; 1.6 SignedUpdateFirmware, with signingCertificate)',
  }),
};

/** A zod check that the dates are neither in the past nor too far ahead, and install after retrieve. */
export function checkFirmwareDates(body: FirmwareRequestFields, context: z.RefinementCtx): void {
  const now = Date.now();
  for (const field of ['retrieveDate', 'installDate'] as const) {
    const value = body[field];
    if (value === undefined) continue;
    const at = Date.parse(value);
    if (at < now - CLOCK_SLACK_MS)
      context.addIssue({ code: 'custom', message: 'must not be in the past', path: [field] });
    if (at > now + MAX_FIRMWARE_LEAD_DAYS * 86_400_000) {
      context.addIssue({
        code: 'custom',
        message: `must be at most ${MAX_FIRMWARE_LEAD_DAYS} days ahead`,
        path: [field],
      });
    }
  }
  if (body.installDate && body.retrieveDate && Date.parse(body.installDate) < Date.parse(body.retrieveDate)) {
    context.addIssue({ code: 'custom', message: 'must not be before retrieveDate', path: ['installDate'] });
  }
}
