// What a role lets the dashboard offer.
import { describe, expect, it } from 'vitest';
import { abilitiesOf } from './organization-role';

describe('abilitiesOf', () => {
  it.each([
    ['owner', { canManage: true, isOwner: true }],
    ['admin', { canManage: true, isOwner: false }],
    ['member', { canManage: false, isOwner: false }],
    ['member, owner', { canManage: true, isOwner: true }],
    [undefined, { canManage: false, isOwner: false }],
  ])('%s -> %j', (role, abilities) => {
    expect(abilitiesOf(role)).toEqual(abilities);
  });
});
