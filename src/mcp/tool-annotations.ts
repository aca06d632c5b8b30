// The MCP behaviour hints of a tool, derived from what the tool does to Loupe's data.
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';

/**
 * What a tool does, which decides its hints:
 * - read: changes nothing (a repeat has no effect either);
 * - create: adds a new record on every call (a repeat adds another), removes nothing;
 * - update: sets existing state to the given values, overwriting what was there (a repeat changes nothing more);
 * - delete: removes a record (a repeat finds it gone and changes nothing more).
 * Every tool acts on Loupe's own stores only, so none is open-world.
 */
export type ToolEffect = 'read' | 'create' | 'update' | 'delete';

const HINTS: Readonly<Record<ToolEffect, Omit<ToolAnnotations, 'title'>>> = {
  read: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  create: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  update: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  delete: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
};

export function toolAnnotations(title: string, effect: ToolEffect): ToolAnnotations {
  return { title, ...HINTS[effect] };
}
