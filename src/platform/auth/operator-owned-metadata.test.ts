// Which organization create/update bodies carry a key only the operator may set.
import { describe, expect, it } from 'vitest';
import { refuseOperatorOwnedMetadata } from './operator-owned-metadata.js';

describe('refuseOperatorOwnedMetadata', () => {
  it.each([
    ['no metadata', {}],
    ['null metadata', { metadata: null }],
    ['other keys', { metadata: { team: 'growth', plans: 'paid', Plan: 'paid' } }],
    ['plan inherited, not own', { metadata: Object.create({ plan: 'paid' }) as object }],
  ])('lets through %s', (_name, organization) => {
    expect(() => refuseOperatorOwnedMetadata(organization)).not.toThrow();
  });

  it.each([
    ['paid', { metadata: { plan: 'paid' } }],
    ['free', { metadata: { plan: 'free' } }],
    ['null', { metadata: { plan: null } }],
    ['beside other keys', { metadata: { team: 'growth', plan: 'paid' } }],
  ])('refuses plan = %s', (_name, organization) => {
    expect(() => refuseOperatorOwnedMetadata(organization)).toThrow('metadata.plan is set by the operator, not through the API');
  });
});
