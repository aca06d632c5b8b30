// window[namespace]: the public methods, callable as `loupe.event(...)` or `loupe('event', ...)`, with the queue
// a page builds before the script has loaded (`loupe.q`, lists of [method, ...arguments]) replayed once ready.
import type { Core, Properties, Revenue } from './types.js';

export interface Methods {
  pageview(): void;
  event(name: string, properties?: Properties, revenue?: Revenue): void;
  error(error: Error, properties?: Properties): void;
  trackOutbound(url: string, text?: string, target?: string): void;
  identify(userId: string, traits?: Properties): void;
  setTraits(traits: Properties): void;
  clearUserId(): void;
  getUserId(): string | null;
}

type Api = ((...call: unknown[]) => unknown) & { q?: ArrayLike<unknown>[]; _?: Core };
const slots = window as unknown as Record<string, Api | undefined>;

/** Until the script is ready, calls are queued on `q` (the same stub a page may declare itself). */
export function installStub(ns: string): void {
  const stub: Api = (...call) => void (stub.q = stub.q || []).push(call);
  slots[ns] = slots[ns] || stub;
}

/** Installs the ready API and replays the queued calls in order. */
export function installApi(ns: string, methods: Methods, core?: Core): void {
  const table = methods as unknown as Record<string, (...args: unknown[]) => unknown>;
  const api: Api = Object.assign((method: unknown, ...args: unknown[]) => table[method as string]?.(...args), methods, { _: core });
  const queued = slots[ns]?.q || [];
  slots[ns] = api;
  for (const call of queued) api(...([] as unknown[]).slice.call(call));
}

/** After an opt-out: every method exists and does nothing (getUserId answers null). */
export function installNoop(ns: string): void {
  const noop = () => null;
  slots[ns] = new Proxy(noop, { get: () => noop });
}
