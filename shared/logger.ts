/**
 * The structured JSON logger of every handler and tool (AWS Lambda Powertools Logger).
 * `LOG_LEVEL` sets the level (default `INFO`; the local stack and tests use `WARN`).
 *
 * The Powertools logger is built on the first log call, not when the module loads: building it
 * (its configuration and the first touch of `process.stdout`) takes about 7 ms, and a function
 * that handles its frames without logging anything never needs it (a shorter module init).
 */
import { Logger } from '@aws-lambda-powertools/logger';

let instance: Logger | undefined;

/** The Powertools logger, built on first use. */
function powertools(): Logger {
  instance ??= new Logger({
    serviceName: 'charging-network',
    logLevel: (process.env.LOG_LEVEL ?? 'INFO') as 'INFO',
  });
  return instance;
}

/** Process-wide logger, service `charging-network`: Powertools' `debug`, `info`, `warn` and `error`. */
export const logger: Pick<Logger, 'debug' | 'info' | 'warn' | 'error'> = {
  debug: (input, ...extra) => powertools().debug(input, ...extra),
  info: (input, ...extra) => powertools().info(input, ...extra),
  warn: (input, ...extra) => powertools().warn(input, ...extra),
  error: (input, ...extra) => powertools().error(input, ...extra),
};
