// Sliding 30-minute sessions: the session id a visitor's next event belongs to (in-process or Redis).
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

export const SESSION_TIMEOUT_MS = 30 * 60 * 1000;

/** A visitor's session: its id and the time (ms) of the event that opened it. */
export interface SessionRef {
  readonly id: string;
  readonly startedAt: number;
}

/** The session an event belongs to, and whether the event's visitor attributes differ from its first event's. */
export interface SessionVisit extends SessionRef {
  readonly attributesChanged: boolean;
}

export interface SessionStore {
  /**
   * The session of `visitorKey` at `nowMs`: the current one if its last event is < 30 min old, else a new one.
   * `attributes` identifies the event's visitor attributes (country, browser, ...; no ':' in it): a new session
   * keeps them, and a later event whose attributes differ is told so. A session whose first attributes are
   * unknown (stored by an earlier version) counts every event as changed, which is always safe.
   */
  touch(visitorKey: string, nowMs: number, attributes: string): SessionVisit | Promise<SessionVisit>;
  /**
   * As touch, but never opens a session: undefined when the visitor has none running at `nowMs`. For events
   * that report on a visit rather than make one (engagement), which must not start a session of their own.
   */
  extend(visitorKey: string, nowMs: number, attributes: string): SessionVisit | undefined | Promise<SessionVisit | undefined>;
}

/** Random bytes drawn in blocks: one call to the generator serves 512 session ids. */
const RANDOM_BLOCK_BYTES = 4096;
let randomBlock = Buffer.alloc(0);
let randomOffset = RANDOM_BLOCK_BYTES;

/** A random UInt64 as its high and low 32 bits. */
export function randomSessionBits(): [high: number, low: number] {
  if (randomOffset + 8 > randomBlock.length) {
    randomBlock = randomBytes(RANDOM_BLOCK_BYTES);
    randomOffset = 0;
  }
  const bits: [number, number] = [randomBlock.readUInt32BE(randomOffset), randomBlock.readUInt32BE(randomOffset + 4)];
  randomOffset += 8;
  return bits;
}

/** A session id's text: the UInt64 of `high` and `low` in decimal, the form the analytics store keeps. */
export function sessionIdText(high: number, low: number): string {
  return ((BigInt(high) << 32n) | BigInt(low)).toString();
}

/** A random UInt64 rendered in decimal, the form the analytics store keeps. */
export function newSessionId(): string {
  const [high, low] = randomSessionBits();
  return sessionIdText(high, low);
}

// KEYS[1] = session key; ARGV = candidate id, now, timeout, attributes, and '1' to open a session when none
// runs ('0': return '' instead, changing nothing). Stored value:
// "<id>:<lastSeen>:<startedAt>:<attributes>"; returns "<id>:<startedAt>:<changed>" (changed is 0 or 1). A value
// without a start (written before sessions recorded one) opens a new session: every event of a session must
// carry the same start. A value without attributes (written before sessions kept them) continues its session,
// and its events count as changed.
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
    local third = string.find(current, ':', second + 1, true)
    local started
    local kept
    if third then
      started = string.sub(current, second + 1, third - 1)
      kept = string.sub(current, third + 1)
    else
      started = string.sub(current, second + 1)
    end
    if now - last < timeout and now >= last - timeout then
      if now > last then last = now end
      local changed = '1'
      if kept == ARGV[4] then changed = '0' end
      if not kept then kept = ARGV[4] end
      redis.call('SET', KEYS[1], id .. ':' .. last .. ':' .. started .. ':' .. kept, 'PX', timeout * 2)
      return id .. ':' .. started .. ':' .. changed
    end
  end
end
if ARGV[5] == '0' then return '' end
redis.call('SET', KEYS[1], ARGV[1] .. ':' .. now .. ':' .. now .. ':' .. ARGV[4], 'PX', timeout * 2)
return ARGV[1] .. ':' .. now .. ':0'
`;

export class RedisSessionStore implements SessionStore {
  constructor(private readonly redis: Redis) {}

  async touch(visitorKey: string, nowMs: number, attributes: string): Promise<SessionVisit> {
    const visit = await this.run(visitorKey, nowMs, attributes, true);
    if (visit === undefined) throw new Error('the session script opened no session');
    return visit;
  }

  extend(visitorKey: string, nowMs: number, attributes: string): Promise<SessionVisit | undefined> {
    return this.run(visitorKey, nowMs, attributes, false);
  }

  private async run(visitorKey: string, nowMs: number, attributes: string, open: boolean): Promise<SessionVisit | undefined> {
    if (attributes.includes(':')) throw new Error('session attributes must not contain ":"');
    const result = String(
      await this.redis.eval(TOUCH_SCRIPT, 1, `loupe:session:${visitorKey}`, newSessionId(), String(nowMs), String(SESSION_TIMEOUT_MS), attributes, open ? '1' : '0'),
    );
    if (result === '') return undefined;
    const [id = '', startedAt = '', changed = ''] = result.split(':');
    return { id, startedAt: Number(startedAt), attributesChanged: changed === '1' };
  }
}
