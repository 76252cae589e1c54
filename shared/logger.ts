/**
 * The structured JSON logger of every handler and tool (AWS Lambda Powertools Logger).
 * `LOG_LEVEL` sets the level (default `INFO`; the local stack and tests use `WARN`).
 */
import { Logger } from '@aws-lambda-powertools/logger';

/** Process-wide logger, service `charging-network`. */
export const logger = new Logger({
  serviceName: 'charging-network',
  logLevel: (process.env.LOG_LEVEL ?? 'INFO') as 'INFO',
});
