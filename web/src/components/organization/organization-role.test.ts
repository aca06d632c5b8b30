// What a role lets the dashboard offer.
import { describe, expect, it } from 'vitest';
import { abilitiesOf, readsOnly } from './organization-role';

describe('abilitiesOf', () => {
  it.each([
    ['owner', { canManage: true, isOwner: true, canEdit: true }],
    ['admin', { canManage: true, isOwner: false, canEdit: true }],
    ['member', { canManage: false, isOwner: false, canEdit: true }],
    ['viewer', { canManage: false, isOwner: false, canEdit: false }],
    ['member, owner', { canManage: true, isOwner: true, canEdit: true }],
    [undefined, { canManage: false, isOwner: false, canEdit: false }],
  ])('%s -> %j', (role, abilities) => {
    expect(abilitiesOf(role)).toEqual(abilities);
  });
});

describe('readsOnly', () => {
  it.each([
    ['viewer', true],
    ['viewer, member', false],
    ['member', false],
    ['admin', false],
    [undefined, false],
  ])('%s -> %s', (role, expected) => {
    expect(readsOnly(role)).toBe(expected);
  });
});
