/** Domain errors of firmware campaigns. */
import { NotFoundError } from '../errors';

/** No campaign has this ID (or none the caller may see: same answer). */
export class CampaignNotFoundError extends NotFoundError {
  constructor(campaignId: string) {
    super(`Firmware campaign ${JSON.stringify(campaignId)} not found`);
  }
}
