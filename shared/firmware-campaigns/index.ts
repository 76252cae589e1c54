/**
 * The face of `shared/firmware-campaigns/` (firmware campaigns): what the adapters (`shared/api`,
 * `shared/ocpp`, `lambdas/`, `lib/`, `bin/`) import of it, and only through here
 * (`.dependency-cruiser.cjs`, docs/architecture.md "Domain folders"). Tests may import the modules.
 *
 * @module
 */
export {
  campaignRequestOf,
  cancelCampaign,
  createCampaign,
  MAX_CAMPAIGN_CHARGERS,
  readCampaign,
  sweepCampaigns,
  type CampaignDeps,
  type FirmwareCampaign,
} from './campaigns';
export { listCampaigns } from './list';
