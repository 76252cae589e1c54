/**
 * An operation as the API and the webhooks show it (docs/charger-operations.md), apart from the
 * machinery (`operations.ts`) and the kinds it runs: the events derived from the table's changes
 * (`shared/events/table-events.ts`) and the audit trail read items and show them, and nothing of
 * how an operation is performed belongs in their functions.
 */
import type { OperationResult } from './kinds';
import type { OperationItem } from './results';

/**
 * Who asked for an operation: an API key or a person, each with `userEmail` (what `actorOf` says:
 * the person's e-mail, the key's name), or the operator CLI.
 */
export type RequestedBy =
  | { apiKeyId: number; userEmail?: string }
  | { userId: number; userEmail: string }
  | { operator: string };

/** An operation as the API shows it. */
export interface ChargerOperation {
  operationId: string;
  action: string;
  status: OperationItem['status'];
  organizationId: number;
  siteId: number | null;
  request: Record<string, unknown>;
  requestedBy: RequestedBy;
  /** Who asked (the reference API's name): a person's e-mail, an API key's name; null for the operator CLI. */
  userEmail: string | null;
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
  deadlineAt: string;
  results: OperationResult[];
}

/** The API view of an item. */
export function toChargerOperation(item: OperationItem): ChargerOperation {
  return {
    operationId: item.operationId,
    action: item.action,
    status: item.status,
    organizationId: item.organizationId,
    siteId: item.siteId ?? null,
    request: item.request as Record<string, unknown>,
    requestedBy: item.requestedBy as RequestedBy,
    userEmail: (item.requestedBy as { userEmail?: string }).userEmail ?? null,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    completedAt: item.completedAt ?? null,
    deadlineAt: item.deadlineAt,
    results: item.results,
  };
}
