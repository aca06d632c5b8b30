// runSteps answers synchronously while its steps do, continues in order after a step that answers with a
// promise, and stops at the first drop either way.
import { describe, expect, it } from 'vitest';
import { drop, ok, runSteps, type Step, type StepResult } from './pipeline.js';

interface Trace {
  readonly ran: string[];
}

function syncStep(name: string, result: StepResult = ok()): Step<Trace> {
  return { name, run: (context) => (context.ran.push(name), result) };
}

function asyncStep(name: string, result: StepResult = ok()): Step<Trace> {
  return { name, run: async (context) => (context.ran.push(name), result) };
}

describe('runSteps', () => {
  it('answers without a promise when every step does', () => {
    const context: Trace = { ran: [] };
    const result = runSteps([syncStep('a'), syncStep('b')], context);
    expect(result).toEqual({ kind: 'ok' });
    expect(context.ran).toEqual(['a', 'b']);
  });

  it('stops at the first drop without a promise', () => {
    const context: Trace = { ran: [] };
    const result = runSteps([syncStep('a'), syncStep('b', drop('bot')), syncStep('c')], context);
    expect(result).toEqual({ kind: 'drop', reason: 'bot' });
    expect(context.ran).toEqual(['a', 'b']);
  });

  it('runs the steps after an asynchronous one in order, once it has answered', async () => {
    const context: Trace = { ran: [] };
    const result = runSteps([syncStep('a'), asyncStep('b'), syncStep('c'), asyncStep('d')], context);
    expect(result).toBeInstanceOf(Promise);
    expect(context.ran).toEqual(['a', 'b']);
    expect(await result).toEqual({ kind: 'ok' });
    expect(context.ran).toEqual(['a', 'b', 'c', 'd']);
  });

  it.each([
    ['an asynchronous step', [syncStep('a'), asyncStep('b', drop('site_not_found', { message: 'Site not found' })), syncStep('c')]],
    ['a synchronous step after an asynchronous one', [asyncStep('a'), syncStep('b', drop('site_not_found', { message: 'Site not found' })), syncStep('c')]],
  ])('stops at a drop from %s', async (_label, steps) => {
    const context: Trace = { ran: [] };
    expect(await runSteps(steps, context)).toEqual({ kind: 'drop', reason: 'site_not_found', message: 'Site not found' });
    expect(context.ran).toEqual(['a', 'b']);
  });

  it('rejects when an asynchronous step fails, and runs nothing after it', async () => {
    const context: Trace = { ran: [] };
    const failing: Step<Trace> = { name: 'f', run: async () => Promise.reject(new Error('store down')) };
    await expect(runSteps([failing, syncStep('c')], context)).rejects.toThrow('store down');
    expect(context.ran).toEqual([]);
  });
});
