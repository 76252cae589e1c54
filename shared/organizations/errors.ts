/** Domain errors of organizations and API keys. */
import { NotFoundError } from '../errors';

/** No organization has this ID. */
export class OrganizationNotFoundError extends NotFoundError {
  constructor(organizationId: number) {
    super(`Organization ${organizationId} not found`, 'organizationId', 'not found');
  }
}

/** No API key has this ID. */
export class ApiKeyNotFoundError extends NotFoundError {
  constructor(apiKeyId: number) {
    super(`API key ${apiKeyId} not found`, 'id', 'not found');
  }
}
