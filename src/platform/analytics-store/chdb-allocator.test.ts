// The command line's engine returns freed pages at once (decision 0057), unless the operator set its allocator's options.
import { expect, it } from 'vitest';
import { ENGINE_ALLOCATOR_OPTIONS, returnEngineMemoryAtOnce } from './chdb-allocator.js';

it("sets the engine's jemalloc to return freed pages without delay when nothing is set", () => {
  const env: NodeJS.ProcessEnv = { PATH: '/usr/bin' };
  returnEngineMemoryAtOnce(env);
  expect(env).toEqual({ PATH: '/usr/bin', JE_MALLOC_CONF: 'dirty_decay_ms:0' });
  expect(ENGINE_ALLOCATOR_OPTIONS).toBe('JE_MALLOC_CONF');
});

it("keeps the operator's own options", () => {
  const env: NodeJS.ProcessEnv = { JE_MALLOC_CONF: 'dirty_decay_ms:1000,narenas:2' };
  returnEngineMemoryAtOnce(env);
  expect(env).toEqual({ JE_MALLOC_CONF: 'dirty_decay_ms:1000,narenas:2' });
});
