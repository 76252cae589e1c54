/** Answers of charger logs (docs/charger-logs.md). The request body is the kind's (`shared/charger-operations/log-kind.ts`). */
import * as z from 'zod';

/** One charger's log of a `getLog` operation. */
export const ChargerLog = z
  .object({
    chargerId: z.number().int(),
    ocppId: z.string(),
    requestId: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Ours (2.0.1 GetLog requestId); null when nothing was asked' }),
    logType: z.string().meta({ description: 'DiagnosticsLog or SecurityLog' }),
    status: z.enum(['pending', 'uploaded', 'failed', 'notRequested']).meta({
      description:
        'pending: not uploaded yet; uploaded: the file is stored; failed: the charger refused, failed or reported a failure; notRequested: nothing was asked (not connected)',
    }),
    ocppStatus: z.string().nullable().meta({
      description:
        'The last status the charger reported (1.6 DiagnosticsStatus: Uploading, Uploaded, UploadFailed, Idle; 2.0.1 UploadLogStatusEnumType), or ours: Requested, Accepted, NotAccepted, AcceptedCanceled',
    }),
    fileName: z.string().nullable().meta({ description: "The charger's file name, from its answer" }),
    sizeBytes: z.number().int().nullable().meta({ description: 'Size of the stored file, bytes' }),
    uploadedAt: z.string().nullable().meta({ description: 'When the file was stored, ISO 8601 UTC' }),
    downloadUrl: z.string().nullable().meta({
      description:
        'A short-lived link to the file (on AWS a presigned S3 GET URL), valid 15 minutes: ask again for a new one',
    }),
    downloadUrlExpiresAt: z.string().nullable(),
  })
  .meta({ id: 'ChargerLog' });

/** `{ data: logs }`. */
export const ChargerLogList = z.object({ data: z.array(ChargerLog) }).meta({ id: 'ChargerLogList' });
