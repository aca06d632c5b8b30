// Issues user and organization API keys through better-auth; the full key is only in this response.
import { ORG_KEY_CONFIG, USER_KEY_CONFIG, type Auth } from '../platform/auth/create-auth.js';
import { ForbiddenError } from '../platform/http/app-errors.js';
import type { Principal } from '../platform/http/principal.js';
import type { OrganizationDirectory } from '../organizations/index.js';
import type { CreateKeyBody } from './api-key.schema.js';

export class ApiKeyIssuer {
  constructor(
    private readonly auth: Auth,
    private readonly organizations: OrganizationDirectory,
  ) {}

  async createUserKey(principal: Principal, body: CreateKeyBody) {
    if (principal.kind === 'organizationKey') throw new ForbiddenError('An organization key cannot create user keys');
    this.refuseScopedCaller(principal);
    const created = await this.auth.api.createApiKey({
      body: { configId: USER_KEY_CONFIG, userId: principal.userId, name: body.name, expiresIn: body.expiresIn, permissions: body.permissions },
    });
    return { ...created, userId: principal.userId };
  }

  async createOrganizationKey(principal: Principal, organizationId: string, body: CreateKeyBody) {
    this.refuseScopedCaller(principal);
    const userId = principal.kind === 'organizationKey' ? await this.organizations.actingUserId(organizationId) : principal.userId;
    if (!userId) throw new ForbiddenError('The organization has no owner or admin to act for it');
    return this.auth.api.createApiKey({
      body: { configId: ORG_KEY_CONFIG, organizationId, userId, name: body.name, expiresIn: body.expiresIn, permissions: body.permissions },
    });
  }

  /** A scoped key must not mint keys: that would let it escape its own scopes. */
  private refuseScopedCaller(principal: Principal): void {
    if (principal.kind !== 'session' && principal.permissions !== null) {
      throw new ForbiddenError('A key with limited scopes cannot create API keys');
    }
  }
}
