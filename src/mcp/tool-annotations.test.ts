// The hints each kind of tool effect gives an MCP client.
import { describe, expect, it } from 'vitest';
import { toolAnnotations, type ToolEffect } from './tool-annotations.js';

describe('toolAnnotations', () => {
  it.each<[ToolEffect, boolean, boolean, boolean]>([
    ['read', true, false, true],
    ['create', false, false, false],
    ['update', false, true, true],
    ['delete', false, true, true],
  ])('%s: readOnly %s, destructive %s, idempotent %s, never open-world', (effect, readOnlyHint, destructiveHint, idempotentHint) => {
    expect(toolAnnotations('A title', effect)).toEqual({ title: 'A title', readOnlyHint, destructiveHint, idempotentHint, openWorldHint: false });
  });
});
