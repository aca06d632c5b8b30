// Recently verified API keys, so a busy key does not cost a metadata-store read and write per request.
// Entries live `ttlMs` at most (never past the key's own expiry) and are all dropped when any key changes.
import { createHash } from 'node:crypto';

export interface VerifiedKeyCacheOptions {
  /** How long a verification is reused; 0 turns the cache off. */
  readonly ttlMs: number;
  readonly clock: () => number;
  /** Beyond this many keys the cache starts over (a bound on memory, not an eviction policy). */
  readonly maxEntries?: number;
}

interface Entry<T> {
  readonly value: T;
  readonly until: number;
}

const DEFAULT_MAX_ENTRIES = 10_000;

/** Keys are held as sha256 digests, never as the secret itself. */
function digest(key: string): string {
  return createHash('sha256').update(key).digest('base64');
}

export class VerifiedKeyCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly maxEntries: number;

  constructor(private readonly options: VerifiedKeyCacheOptions) {
    this.maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  }

  get(key: string): T | undefined {
    if (this.options.ttlMs <= 0) return undefined;
    const id = digest(key);
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (entry.until <= this.options.clock()) {
      this.entries.delete(id);
      return undefined;
    }
    return entry.value;
  }

  /** Remembers a successful verification; `expiresAt` is the key's own expiry (ms), if it has one. */
  set(key: string, value: T, expiresAt: number | null): void {
    if (this.options.ttlMs <= 0) return;
    const now = this.options.clock();
    const until = Math.min(now + this.options.ttlMs, expiresAt ?? Number.POSITIVE_INFINITY);
    if (until <= now) return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(digest(key), { value, until });
  }

  /** Some key was updated, disabled or deleted: verify every key again on its next use. */
  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
