// Sliding 30-minute sessions: the session id a visitor's next event belongs to (in-process or Redis).
import { randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Redis } from 'ioredis';

export const SESSION_TIMEOUT_MS = 30 * 60 * 1000;

/** A visitor's session: its id and the time (ms) of the event that opened it. */
export interface SessionRef {
  readonly id: string;
  readonly startedAt: number;
}

export interface SessionStore {
  /** The session of `visitorKey` at `nowMs`: the current one if its last event is < 30 min old, else a new one. */
  touch(visitorKey: string, nowMs: number): Promise<SessionRef>;
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
  readonly session: SessionRef;
  lastSeen: number;
}

export class MemorySessionStore implements SessionStore {
  private readonly sessions = new LRUCache<string, Entry>({ max: 1_000_000 });

  async touch(visitorKey: string, nowMs: number): Promise<SessionRef> {
    const entry = this.sessions.get(visitorKey);
    if (entry && nowMs - entry.lastSeen < SESSION_TIMEOUT_MS && nowMs >= entry.lastSeen - SESSION_TIMEOUT_MS) {
      entry.lastSeen = Math.max(entry.lastSeen, nowMs);
      return entry.session;
    }
    const session = { id: newSessionId(), startedAt: nowMs };
    this.sessions.set(visitorKey, { session, lastSeen: nowMs });
    return session;
  }
}

// KEYS[1] = session key; ARGV = candidate id, now, timeout. Stored value: "<id>:<lastSeen>:<startedAt>";
// returns "<id>:<startedAt>". A value without a start (written before sessions recorded one) opens a new
// session: every event of a session must carry the same start.
const TOUCH_SCRIPT = `
local current = redis.call('GET', KEYS[1])
local now = tonumber(ARGV[2])
local timeout = tonumber(ARGV[3])
if current then
  local first = string.find(current, ':', 1, true)
  local second = string.find(current, ':', first + 1, true)
  if second then
    local id = string.sub(current, 1, first - 1)
    local last = tonumber(string.sub(current, first + 1, second - 1))
    local started = string.sub(current, second + 1)
    if now - last < timeout and now >= last - timeout then
      if now > last then last = now end
      redis.call('SET', KEYS[1], id .. ':' .. last .. ':' .. started, 'PX', timeout * 2)
      return id .. ':' .. started
    end
  end
end
redis.call('SET', KEYS[1], ARGV[1] .. ':' .. now .. ':' .. now, 'PX', timeout * 2)
return ARGV[1] .. ':' .. now
`;

export class RedisSessionStore implements SessionStore {
  constructor(private readonly redis: Redis) {}

  async touch(visitorKey: string, nowMs: number): Promise<SessionRef> {
    const result = String(
      await this.redis.eval(TOUCH_SCRIPT, 1, `loupe:session:${visitorKey}`, newSessionId(), String(nowMs), String(SESSION_TIMEOUT_MS)),
    );
    const separator = result.indexOf(':');
    return { id: result.slice(0, separator), startedAt: Number(result.slice(separator + 1)) };
  }
}
