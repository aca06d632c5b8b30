import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../../src/platform/project-path.js';
import { EVENT_PROJECTIONS, EVENT_VIEWS, INSERT_VARIANTS, REFERENCE_VARIANT, selectVariants, variantNamed } from './insert-variants.js';

const migrations = readdirSync(projectPath('migrations/analytics'))
  .filter((file) => file.endsWith('.sql'))
  .sort()
  .map((file) => readFileSync(projectPath('migrations/analytics', file), 'utf8'))
  .join('\n');

describe('bench:insert variants', () => {
  it('name every view fed by events and every projection of events that the migrations create', () => {
    // In the migrations' order: a view is there when it was last created, not dropped.
    const live = new Set<string>();
    for (const match of migrations.matchAll(/CREATE MATERIALIZED VIEW IF NOT EXISTS (\w+) TO \w+ AS\s+SELECT[\s\S]*?FROM events\b|DROP VIEW IF EXISTS (\w+)/g)) {
      if (match[1] !== undefined) live.add(match[1]);
      if (match[2] !== undefined) live.delete(match[2]);
    }
    expect([...live].sort()).toEqual([...EVENT_VIEWS].sort());
    const projections = [...migrations.matchAll(/ALTER TABLE events ADD PROJECTION IF NOT EXISTS (\w+)/g)].map((match) => match[1]);
    expect(projections.sort()).toEqual([...EVENT_PROJECTIONS].sort());
  });

  it('leave out one part at a time, the four page view kinds together, or all of them', () => {
    expect(variantNamed(REFERENCE_VARIANT)?.statements).toEqual([]);
    expect(variantNamed('-sessions_from_events')?.statements).toEqual(['DROP VIEW sessions_from_events']);
    expect(variantNamed('-page_views_by_kind')?.statements).toHaveLength(4);
    expect(variantNamed('-user_quarters')?.statements).toEqual(['ALTER TABLE events DROP PROJECTION user_quarters']);
    expect(variantNamed('events-only')?.statements).toHaveLength(EVENT_VIEWS.length + EVENT_PROJECTIONS.length);
    expect(new Set(INSERT_VARIANTS.map((variant) => variant.name)).size).toBe(INSERT_VARIANTS.length);
  });

  it('select by name, the reference always first', () => {
    expect(selectVariants(/sessions|kind/).map((variant) => variant.name)).toEqual(['all', '-sessions_from_events', '-page_views_by_kind']);
    expect(selectVariants(/nothing matches/).map((variant) => variant.name)).toEqual(['all']);
    expect(selectVariants(undefined)).toHaveLength(INSERT_VARIANTS.length);
  });
});
