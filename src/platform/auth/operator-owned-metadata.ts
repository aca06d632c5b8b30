// Organization metadata keys only the operator may set: a user's organization create/update carrying one
// is refused (400), so nobody mistakes a user-written value for the operator's.
import { APIError } from 'better-auth/api';

/** The plan lives in organization_plans (set by `loupe plan set`); a `plan` in metadata would only mislead. */
const OPERATOR_KEYS = ['plan'] as const;

export function refuseOperatorOwnedMetadata(organization: { readonly metadata?: unknown }): void {
  const { metadata } = organization;
  if (typeof metadata !== 'object' || metadata === null) return;
  for (const key of OPERATOR_KEYS) {
    if (Object.hasOwn(metadata, key)) {
      throw new APIError('BAD_REQUEST', { message: `metadata.${key} is set by the operator, not through the API` });
    }
  }
}
