// Funnel drafts: the API steps they give, the URL's steps read back (malformed ones refused), and moving steps.
import { describe, expect, it } from 'vitest';
import { blankStep, draftsOf, moveStep, parseStepsParam, stepsBodyOf } from './funnel-draft';

describe('stepsBodyOf', () => {
  it('needs two steps with values', () => {
    expect(stepsBodyOf([{ ...blankStep(), value: '/' }])).toBeUndefined();
    expect(stepsBodyOf([{ ...blankStep(), value: '/' }, blankStep('event')])).toBeUndefined();
  });

  it('leaves blank optional fields out and trims', () => {
    expect(stepsBodyOf([
      { ...blankStep(), value: ' / ', name: ' Home ', hostname: '' },
      { type: 'event', value: 'signup', name: '', hostname: 'app.example.com', propertyFilters: [{ key: 'plan', value: 'pro' }, { key: ' ', value: '' }] },
    ])).toEqual([
      { type: 'page', value: '/', name: 'Home' },
      { type: 'event', value: 'signup', hostname: 'app.example.com', propertyFilters: [{ key: 'plan', value: 'pro' }] },
    ]);
  });
});

describe('parseStepsParam', () => {
  const steps = [{ type: 'page', value: '/' }, { type: 'event', value: 'signup', propertyFilters: [{ key: 'plan', value: 'pro' }] }];

  it('round-trips steps through the URL and drafts', () => {
    expect(parseStepsParam(JSON.stringify(steps))).toEqual(steps);
    expect(stepsBodyOf(draftsOf(steps as Parameters<typeof draftsOf>[0]))).toEqual(steps);
  });

  it.each([
    null, '', 'not json', '{}', '[]', JSON.stringify([steps[0]]),
    JSON.stringify([{ type: 'click', value: '/' }, steps[1]]),
    JSON.stringify([{ type: 'page', value: '' }, steps[1]]),
    JSON.stringify([{ type: 'page', value: '/', propertyFilters: [{ key: 1, value: 'x' }] }, steps[1]]),
    JSON.stringify(Array(21).fill(steps[0])),
  ])('refuses %j', (text) => {
    expect(parseStepsParam(text)).toBeUndefined();
  });
});

describe('moveStep', () => {
  it.each([
    [0, 1, ['b', 'a', 'c']],
    [2, -1, ['a', 'c', 'b']],
    [0, -1, ['a', 'b', 'c']],
    [2, 1, ['a', 'b', 'c']],
  ] as const)('moves %i by %i', (index, offset, expected) => {
    expect(moveStep(['a', 'b', 'c'], index, offset)).toEqual(expected);
  });
});
