// Sliding 30-minute sessions: the session id a visitor's next event belongs to (in-process or Redis).
import { randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Redis } from 'ioredis';

export const SESSION_TIMEOUT_MS = 30 * 60 * 1000;

export interface SessionStore {
  /** The session of `visitorKey` at `nowMs`: the current one if its last event is < 30 min old, else a new one. */
  touch(visitorKey: string, nowMs: number): Promise<string>;
}

/** Random bytes drawn in blocks: one call to the generator serves 512 session ids. */
const RANDOM_BLOCK_BYTES = 4096;
let randomBlock = Buffer.alloc(0);
let randomOffset = RANDOM_BLOCK_BYTES;

/** A random UInt64 rendered in decimal, the form the analytics store keeps. */
export function newSessionId(): string {
  if (randomOffset + 8 > randomBlock.length) {
    randomBlock = randomBytes(RANDOM_BLOCK_BYTES);
    randomOffset = 0;
  }
  const id = randomBlock.readBigUInt64BE(randomOffset);
  randomOffset += 8;
  return id.toString();
}

interface Entry {
  sessionId: string;
  lastSeen: number;
}

export class MemorySessionStore implements SessionStore {
  private readonly sessions = new LRUCache<string, Entry>({ max: 1_000_000 });

  async touch(visitorKey: string, nowMs: number): Promise<string> {
    const entry = this.sessions.get(visitorKey);
    if (entry && nowMs - entry.lastSeen < SESSION_TIMEOUT_MS && nowMs >= entry.lastSeen - SESSION_TIMEOUT_MS) {
      entry.lastSeen = Math.max(entry.lastSeen, nowMs);
      return entry.sessionId;
    }
    const sessionId = newSessionId();
    this.sessions.set(visitorKey, { sessionId, lastSeen: nowMs });
    return sessionId;
  }
}

// KEYS[1] = session key; ARGV = candidate id, now, timeout. Stored value: "<id>:<lastSeen>".
const TOUCH_SCRIPT = `
local current = redis.call('GET', KEYS[1])
local now = tonumber(ARGV[2])
local timeout = tonumber(ARGV[3])
if current then
  local sep = string.find(current, ':', 1, true)
  local id = string.sub(current, 1, sep - 1)
  local last = tonumber(string.sub(current, sep + 1))
  if now - last < timeout then
    if now > last then last = now end
    redis.call('SET', KEYS[1], id .. ':' .. last, 'PX', timeout * 2)
    return id
  end
end
redis.call('SET', KEYS[1], ARGV[1] .. ':' .. now, 'PX', timeout * 2)
return ARGV[1]
`;

export class RedisSessionStore implements SessionStore {
  constructor(private readonly redis: Redis) {}

  async touch(visitorKey: string, nowMs: number): Promise<string> {
    const result = await this.redis.eval(TOUCH_SCRIPT, 1, `loupe:session:${visitorKey}`, newSessionId(), String(nowMs), String(SESSION_TIMEOUT_MS));
    return String(result);
  }
}
