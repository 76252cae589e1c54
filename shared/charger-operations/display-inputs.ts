/**
 * The API bodies of the display-message operations (docs/charger-operations.md, "Display
 * messages"; OCPP 2.0.1 O01 SetDisplayMessage, O03/O04 GetDisplayMessages, O05 ClearDisplayMessage).
 */
import * as z from 'zod';
import { MAX_MESSAGE_CONTENT, MESSAGE_FORMATS, MESSAGE_PRIORITIES, MESSAGE_STATES } from './display';
import { chargerTargetFields, exactlyOneOf } from './target-inputs';

/** A message id on a charger (2.0.1 `id`, a 32-bit integer ≥ 0). */
const messageId = z.number().int().min(0).max(2_147_483_647);

/** A message as the API sets it (MessageInfoType without `display`; `id` optional). */
const MessageInfo = z
  .strictObject({
    id: messageId
      .optional()
      .meta({ description: 'The id to set it under (replaces the charger’s message of that id); absent: ours' }),
    priority: z.enum(MESSAGE_PRIORITIES),
    state: z.enum(MESSAGE_STATES).optional().meta({ description: 'Shown only in this charger state' }),
    startDateTime: z.iso.datetime({ offset: true }).optional().meta({ description: 'Shown from (absent: at once)' }),
    endDateTime: z.iso.datetime({ offset: true }).optional().meta({ description: 'Removed by the charger then' }),
    transactionId: z.string().min(1).max(36).optional().meta({ description: 'Shown during this transaction only' }),
    message: z.strictObject({
      format: z.enum(MESSAGE_FORMATS),
      language: z.string().min(1).max(8).optional().meta({ description: 'RFC 5646 tag, e.g. en, nl-BE' }),
      content: z
        .string()
        .min(1)
        .max(MAX_MESSAGE_CONTENT)
        .meta({
          description: `At most ${MAX_MESSAGE_CONTENT} characters, fewer when the charger reports a smaller limit`,
        }),
    }),
  })
  .superRefine((info, context) => {
    if (info.startDateTime && info.endDateTime && Date.parse(info.endDateTime) <= Date.parse(info.startDateTime)) {
      context.addIssue({ code: 'custom', message: 'must be after startDateTime', path: ['endDateTime'] });
    }
  });

/** `POST /api/ocpp/set-display-message` body. */
export const SetDisplayMessageRequest = z
  .strictObject({ ...chargerTargetFields, message: MessageInfo })
  .superRefine(exactlyOneOf(['chargerId', 'chargerIds', 'siteId']))
  .meta({ id: 'SetDisplayMessageRequest' });

/** `POST /api/ocpp/clear-display-message` body. */
export const ClearDisplayMessageRequest = z
  .strictObject({ ...chargerTargetFields, id: messageId.meta({ description: 'The message’s id on the charger' }) })
  .superRefine(exactlyOneOf(['chargerId', 'chargerIds', 'siteId']))
  .meta({ id: 'ClearDisplayMessageRequest' });

/** The most ids a listing may filter on (the charger's messages are few; 2.0.1 sets no limit). */
export const MAX_MESSAGE_ID_FILTER = 100;

/** `POST /api/ocpp/get-display-messages` body: the filters (each optional; a message matches every one given). */
export const GetDisplayMessagesRequest = z
  .strictObject({
    ...chargerTargetFields,
    id: z
      .array(messageId)
      .min(1)
      .max(MAX_MESSAGE_ID_FILTER)
      .optional()
      .meta({ description: `Only the messages of these ids (at most ${MAX_MESSAGE_ID_FILTER})` }),
    priority: z.enum(MESSAGE_PRIORITIES).optional().meta({ description: 'Only the messages of this priority' }),
    state: z.enum(MESSAGE_STATES).optional().meta({ description: 'Only the messages shown in this charger state' }),
  })
  .superRefine(exactlyOneOf(['chargerId', 'chargerIds', 'siteId']))
  .meta({ id: 'GetDisplayMessagesRequest' });
