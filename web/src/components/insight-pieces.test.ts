// Pure pieces of the journeys, retention and errors pages: URL state, step filters, the Sankey graph, the heat scale.
import { describe, expect, it } from 'vitest';
import { countedRows } from '../api/insight-types';
import { journeyGraph, nodeIdOf, shortPage } from './journeys/journey-graph';
import { heatLook, heatStep } from './retention/heat-scale';
import { readErrorView, writeErrorView } from '../view-state/error-state';
import { journeyParams, readJourneyView, writeJourneyView } from '../view-state/journey-state';
import { readRetentionView, writeRetentionView } from '../view-state/retention-state';

const search = (text: string) => new URLSearchParams(text);

describe('journey view', () => {
  it.each([
    ['', { steps: 3, limit: 10, start: '', end: '' }],
    ['steps=5&limit=50&start=%2F&end=%2Fsignup', { steps: 5, limit: 50, start: '/', end: '/signup' }],
    ['steps=1&limit=7&start=%20%20', { steps: 3, limit: 10, start: '', end: '' }],
    ['steps=11&limit=100', { steps: 3, limit: 100, start: '', end: '' }],
    ['steps=2.5&limit=1e1', { steps: 3, limit: 10, start: '', end: '' }],
  ])('reads %s', (text, view) => {
    expect(readJourneyView(search(text))).toEqual(view);
  });

  it('writes only what differs from the defaults, and keeps the other parameters', () => {
    const next = writeJourneyView(search('period=30d&steps=4&start=%2Fa'), { steps: 3, start: ' /b ', end: '' });
    expect(next.toString()).toBe('period=30d&start=%2Fb');
    expect(writeJourneyView(next, { limit: 25, start: '' }).toString()).toBe('period=30d&limit=25');
  });

  it.each([
    [{ steps: 3, limit: 10, start: '', end: '' }, { steps: 3, limit: 10 }],
    [{ steps: 3, limit: 10, start: '/', end: '' }, { steps: 3, limit: 10, stepFilters: '{"0":"/"}' }],
    [{ steps: 4, limit: 25, start: '', end: '/signup' }, { steps: 4, limit: 25, stepFilters: '{"3":"/signup"}' }],
    [{ steps: 2, limit: 10, start: '/blog/*', end: '/' }, { steps: 2, limit: 10, stepFilters: '{"0":"/blog/*","1":"/"}' }],
  ])('asks %j as %j', (view, params) => {
    expect(journeyParams(view)).toEqual(params);
  });
});

describe('journey graph', () => {
  const journeys = [
    { path: ['/', '/pricing', '/signup'], count: 2, percentage: 50 },
    { path: ['/', '/pricing', '/docs'], count: 1, percentage: 25 },
    { path: ['/blog', '/', '/blog'], count: 1, percentage: 25 },
  ];

  it('has a node per page and step, and each journey its own links carrying its count', () => {
    const graph = journeyGraph(journeys);
    expect(graph.nodes.map((node) => [node.step, node.page])).toEqual([
      [0, '/'], [1, '/pricing'], [2, '/signup'], [2, '/docs'], [0, '/blog'], [1, '/'], [2, '/blog'],
    ]);
    expect(graph.links.map((link) => [link.journey, link.step, link.source, link.target, link.value])).toEqual([
      [0, 0, nodeIdOf(0, '/'), nodeIdOf(1, '/pricing'), 2],
      [0, 1, nodeIdOf(1, '/pricing'), nodeIdOf(2, '/signup'), 2],
      [1, 0, nodeIdOf(0, '/'), nodeIdOf(1, '/pricing'), 1],
      [1, 1, nodeIdOf(1, '/pricing'), nodeIdOf(2, '/docs'), 1],
      [2, 0, nodeIdOf(0, '/blog'), nodeIdOf(1, '/'), 1],
      [2, 1, nodeIdOf(1, '/'), nodeIdOf(2, '/blog'), 1],
    ]);
  });

  it('is empty without journeys', () => {
    expect(journeyGraph([])).toEqual({ nodes: [], links: [] });
  });

  it.each([
    ['/pricing', 28, '/pricing'],
    ['/a-very-long-path/with/many/segments/end', 15, '/a-very…nts/end'],
  ])('shortens %s to %i characters', (page, max, short) => {
    expect(shortPage(page, max)).toBe(short);
    expect(shortPage(page, max).length).toBeLessThanOrEqual(max);
  });
});

describe('retention view and heat scale', () => {
  it.each([
    ['', { mode: 'week', range: 90 }],
    ['mode=day&range=30', { mode: 'day', range: 30 }],
    ['mode=year&range=400', { mode: 'week', range: 90 }],
    ['mode=month&range=365', { mode: 'month', range: 365 }],
  ])('reads %s', (text, view) => {
    expect(readRetentionView(search(text))).toEqual(view);
  });

  it('writes the defaults as nothing', () => {
    expect(writeRetentionView(search('mode=day&range=30&tz=UTC'), { mode: 'week', range: 90 }).toString()).toBe('tz=UTC');
    expect(writeRetentionView(search(''), { mode: 'day', range: 14 }).toString()).toBe('mode=day&range=14');
    expect(writeRetentionView(search('range=30'), { mode: 'month' }).toString()).toBe('range=30&mode=month');
  });

  it.each([[0, 0], [0.005, 0], [0.01, 1], [9.99, 1], [10, 2], [24.99, 2], [25, 3], [50, 4], [74.99, 4], [75, 5], [100, 5]])('puts %d%% in step %i', (percentage, step) => {
    expect(heatStep(percentage)).toBe(step);
  });

  it('gives each step its own look, and a period still to come none', () => {
    const looks = [0, 1, 10, 25, 50, 75].map(heatLook);
    expect(new Set(looks).size).toBe(6);
    expect(heatLook(null)).not.toContain('bg-');
  });
});

describe('error view', () => {
  it.each([
    ['', { message: undefined, occurrencePage: 1 }],
    ['error=x+is+undefined&occurrences=3', { message: 'x is undefined', occurrencePage: 3 }],
    ['error=&occurrences=0', { message: undefined, occurrencePage: 1 }],
    ['occurrences=-2', { message: undefined, occurrencePage: 1 }],
  ])('reads %s', (text, view) => {
    expect(readErrorView(search(text))).toEqual(view);
  });

  it('starts a newly chosen message at its first page of occurrences', () => {
    const paged = writeErrorView(search('period=7d&error=a'), { occurrencePage: 2 });
    expect(paged.toString()).toBe('period=7d&error=a&occurrences=2');
    expect(writeErrorView(paged, { message: 'b' }).toString()).toBe('period=7d&error=b');
  });
});

describe('countedRows', () => {
  it('reads a counted page and a plain list', () => {
    expect(countedRows({ data: [1, 2], totalCount: 7 })).toEqual({ rows: [1, 2], totalCount: 7 });
    expect(countedRows([1, 2])).toEqual({ rows: [1, 2], totalCount: undefined });
  });
});
