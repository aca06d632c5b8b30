// Table tests of the invitation reference: the link's "<id>.<token>" or an id with a separate token.
import { describe, expect, it } from 'vitest';
import { invitationReference } from './invitation-tokens.js';

describe('invitationReference', () => {
  it.each([
    ['abc.T0k-_', undefined, { invitationId: 'abc', token: 'T0k-_' }],
    ['abc', 'T0k', { invitationId: 'abc', token: 'T0k' }],
    ['abc.ignored', 'given', { invitationId: 'abc.ignored', token: 'given' }],
    ['abc', undefined, { invitationId: 'abc', token: undefined }],
    ['abc', '', { invitationId: 'abc', token: undefined }],
    ['abc', 42, { invitationId: 'abc', token: undefined }],
    ['abc.', undefined, { invitationId: 'abc', token: '' }],
    ['.tok', undefined, { invitationId: '', token: 'tok' }],
  ])('%s with token %s', (invitationId, token, expected) => {
    expect(invitationReference(invitationId, token)).toEqual(expected);
  });
});
