/**
 * The API bodies of the local controller's firmware operations (docs/firmware.md, "Publishing
 * firmware"; OCPP 2.0.1 L03 PublishFirmware: a local controller downloads a firmware image and
 * serves it to the chargers behind it; L04 UnpublishFirmware: it stops serving it).
 */
import * as z from 'zod';
import { firmwareFields } from './firmware-inputs';
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
    // The same check as an update's: a local controller downloads as a charger does (2.0.1: at most 512 characters).
    location: firmwareFields.location,
    checksum: md5Checksum,
    retries: firmwareFields.retries,
    retryInterval: firmwareFields.retryInterval,
  })
  .superRefine(exactlyOneOf(['chargerId', 'chargerIds', 'siteId']))
  .meta({ id: 'PublishFirmwareRequest' });

/** `POST /api/ocpp/unpublish-firmware` body (2.0.1 L04). */
export const UnpublishFirmwareRequest = z
  .strictObject({ ...chargerTargetFields, checksum: md5Checksum })
  .superRefine(exactlyOneOf(['chargerId', 'chargerIds', 'siteId']))
  .meta({ id: 'UnpublishFirmwareRequest' });
