/**
 * The API bodies of the local controller's firmware operations (OCPP 2.0.1 L03/L04):
 * PublishFirmware (a local controller downloads a firmware image and serves it to the chargers
 * behind it) and UnpublishFirmware (it stops serving it). WORK IN PROGRESS: not yet wired into
 * `OPERATION_INPUTS`, the kinds, the routes or the OCPP commands.
 */
import * as z from 'zod';
import { chargerTargetFields, exactlyOneOf } from './target-inputs';

/** The firmware image's MD5 checksum, 32 hexadecimal characters (2.0.1 PublishFirmwareRequest `checksum`, maxLength 32). */
const md5Checksum = z
  .string()
  .regex(/^[0-9a-fA-F]{32}$/, 'must be an MD5 checksum: 32 hexadecimal characters')
  .meta({ description: "The image's MD5 checksum, 32 hexadecimal characters" });

/** `POST /api/ocpp/publish-firmware` body (2.0.1 L03; our `requestId`). */
export const PublishFirmwareRequest = z
  .strictObject({
    ...chargerTargetFields,
    // 2.0.1 PublishFirmwareRequest.location: string, maxLength 512.
    location: z.url().max(512).meta({ description: 'Where the local controller downloads the image from' }),
    checksum: md5Checksum,
    retries: z.number().int().min(0).optional(),
    retryInterval: z.number().int().min(0).optional().meta({ description: 'Seconds between download attempts' }),
  })
  .superRefine(exactlyOneOf(['chargerId', 'chargerIds', 'siteId']))
  .meta({ id: 'PublishFirmwareRequest' });

/** `POST /api/ocpp/unpublish-firmware` body (2.0.1 L04). */
export const UnpublishFirmwareRequest = z
  .strictObject({ ...chargerTargetFields, checksum: md5Checksum })
  .superRefine(exactlyOneOf(['chargerId', 'chargerIds', 'siteId']))
  .meta({ id: 'UnpublishFirmwareRequest' });
