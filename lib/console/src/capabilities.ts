/**
 * Which optional endpoints this API has. Some endpoints the console uses are newer than others
 * (power allocation, charging sessions, charger health, errors, site tariffs, maintenance windows,
 * alerts, webhook endpoints); the public OpenAPI
 * document (`GET /api/openapi.json`, no key, not rate-limited) lists what the deployed API serves, so the
 * console asks it once and never calls a missing endpoint. When the document cannot be read, the
 * console calls anyway and takes a 404 "No endpoint" answer as "not available yet".
 *
 * @module
 */
import { ApiError, type Fetch } from './api';

/** The optional endpoints, as `METHOD path` with `{}` for any path parameter. */
export const OPTIONAL_ENDPOINTS = {
  powerAllocation: 'GET /api/site/{}/power-allocation',
  chargingSessions: 'GET /api/charging-sessions',
  chargerHealth: 'GET /api/charger-health',
  errors: 'GET /api/errors',
  siteTariff: 'GET /api/sites/{}/tariff',
  chargerConfiguration: 'GET /api/chargers/{}/configuration',
  chargerLocalList: 'GET /api/chargers/{}/local-list',
  maintenanceWindows: 'GET /api/maintenance-windows',
  alerts: 'GET /api/alerts',
  webhookEndpoints: 'GET /api/webhook-endpoints',
} as const;

/** Name of an optional endpoint. */
export type OptionalEndpoint = keyof typeof OPTIONAL_ENDPOINTS;

/** The API's operations as `METHOD path` with `{}` for path parameters, or null when unknown. */
export type ApiOperations = ReadonlySet<string> | null;

/** Reads the operations of the OpenAPI document; null when it cannot be read. */
export async function loadOperations(fetchImpl: Fetch = fetch): Promise<ApiOperations> {
  try {
    const response = await fetchImpl('/api/openapi.json', { credentials: 'omit' });
    if (!response.ok) return null;
    const document = (await response.json()) as { paths?: Record<string, Record<string, unknown>> };
    const operations = new Set<string>();
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const method of Object.keys(item))
        operations.add(`${method.toUpperCase()} ${path.replace(/\{[^}]*\}/g, '{}')}`);
    }
    return operations;
  } catch {
    return null;
  }
}

/** False only when the OpenAPI document was read and lacks the endpoint. */
export function mayHave(operations: ApiOperations, endpoint: OptionalEndpoint): boolean {
  return operations === null || operations.has(OPTIONAL_ENDPOINTS[endpoint]);
}

/** What an optional endpoint gave: its data, or that it does not exist (yet). */
export type Optional<T> = { available: true; data: T } | { available: false };

/**
 * Calls an optional endpoint: not at all when the API lacks it, and a 404 whose detail says no
 * such endpoint exists counts as lacking it.
 *
 * @throws whatever `call` throws, except that 404.
 */
export async function callOptional<T>(
  operations: ApiOperations,
  endpoint: OptionalEndpoint,
  call: () => Promise<T>,
): Promise<Optional<T>> {
  if (!mayHave(operations, endpoint)) return { available: false };
  try {
    return { available: true, data: await call() };
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'notFound' && /No endpoint/.test(error.message))
      return { available: false };
    throw error;
  }
}
