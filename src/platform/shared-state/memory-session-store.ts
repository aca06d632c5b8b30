// The in-process session store: the sessions of recent visitors in typed arrays, indexed by a hash table.
import { randomSessionBits, sessionIdText, SESSION_TIMEOUT_MS, type SessionStore, type SessionVisit } from './session-store.js';
import { textHash32, textHash53 } from './text-hash.js';

/** The default bound: about 30 MB when full (see docs/operating.md, "Memory"). */
export const DEFAULT_MAX_SESSIONS = 500_000;
const INITIAL_SLOTS = 1_024;
const SECOND_CHANCES = 4;

/**
 * Nothing of a session is a JavaScript object or string: a full store of visitors would otherwise sit on the
 * enrichment thread's collected heap, marked by every full collection (CPU per event grew with the store)
 * and, with the collector's growth factor, held twice over (a million sessions as Map entries and strings
 * took about 230 bytes each, measured with `heapUsed`). Each session is a slot in typed arrays: the visitor
 * key's 53-bit hash and an independent 32-bit check, the last and first event times, the session id's two
 * 32-bit halves and a 53-bit hash of the attributes (64 bytes with the index, about 30 MB for the default
 * 500,000). A hash table of slot numbers (open addressing, linear probing, at most half full) finds a
 * visitor's slot. Two visitor keys share a session only if both hashes agree (about 2^-85 per pair); two
 * attribute texts look equal with about one chance in 2^53, like the 64-bit hashes the sessions table
 * relies on.
 *
 * Slots are kept in arrival order in a ring. A new visitor takes the slot of the earliest arrival when that
 * session has expired, else a new slot, up to `maxSessions`; when the store is full, an earliest arrival
 * still active goes to the back of the ring (a second chance) a few times before one is dropped regardless.
 */
export class MemorySessionStore implements SessionStore {
  private capacity = 0;
  private count = 0;
  private keyHash = new Float64Array(0);
  private keyCheck = new Uint32Array(0);
  private lastSeen = new Float64Array(0);
  private startedAt = new Float64Array(0);
  private attributes = new Float64Array(0);
  private idHigh = new Uint32Array(0);
  private idLow = new Uint32Array(0);
  /** Slots in arrival order: `ringLength` of them from `ringHead`, wrapping at `capacity`. */
  private ring = new Int32Array(0);
  private ringHead = 0;
  /** Slot + 1 per bucket, 0 when empty. */
  private index = new Int32Array(0);
  private indexMask = 0;

  constructor(private readonly maxSessions = DEFAULT_MAX_SESSIONS) {
    this.resize(Math.min(INITIAL_SLOTS, maxSessions));
  }

  /** Visitors whose sessions are kept (expired ones included until their slot is reused). */
  get size(): number {
    return this.count;
  }

  /** Answers at once (no promise): enrichment asks once per event. */
  touch(visitorKey: string, nowMs: number, attributes: string): SessionVisit {
    const hash = textHash53(visitorKey);
    const check = textHash32(visitorKey);
    const slot = this.find(hash, check);
    if (slot < 0) {
      const fresh = this.freeSlot(nowMs);
      this.keyHash[fresh] = hash;
      this.keyCheck[fresh] = check;
      this.insertIndex(fresh);
      return this.open(fresh, nowMs, attributes);
    }
    const lastSeen = this.lastSeen[slot] ?? 0;
    if (nowMs - lastSeen < SESSION_TIMEOUT_MS && nowMs >= lastSeen - SESSION_TIMEOUT_MS) {
      this.lastSeen[slot] = Math.max(lastSeen, nowMs);
      const changed = this.attributes[slot] !== textHash53(attributes);
      return { id: sessionIdText(this.idHigh[slot] ?? 0, this.idLow[slot] ?? 0), startedAt: this.startedAt[slot] ?? 0, attributesChanged: changed };
    }
    return this.open(slot, nowMs, attributes);
  }

  extend(visitorKey: string, nowMs: number, attributes: string): SessionVisit | undefined {
    const slot = this.find(textHash53(visitorKey), textHash32(visitorKey));
    if (slot < 0) return undefined;
    const lastSeen = this.lastSeen[slot] ?? 0;
    if (nowMs - lastSeen >= SESSION_TIMEOUT_MS || nowMs < lastSeen - SESSION_TIMEOUT_MS) return undefined;
    return this.touch(visitorKey, nowMs, attributes);
  }

  private open(slot: number, nowMs: number, attributes: string): SessionVisit {
    const [high, low] = randomSessionBits();
    this.idHigh[slot] = high;
    this.idLow[slot] = low;
    this.attributes[slot] = textHash53(attributes);
    this.startedAt[slot] = nowMs;
    this.lastSeen[slot] = nowMs;
    return { id: sessionIdText(high, low), startedAt: nowMs, attributesChanged: false };
  }

  /** The slot for a new visitor, already at the back of the ring and out of the index if it was reused. */
  private freeSlot(nowMs: number): number {
    const full = this.count >= this.maxSessions;
    for (let chance = 0; this.count > 0; chance += 1) {
      const first = this.ring[this.ringHead] ?? 0;
      const expired = nowMs - (this.lastSeen[first] ?? 0) >= SESSION_TIMEOUT_MS;
      if (!expired && !full) break;
      // Reused (expired, or dropped after its second chances) or given another chance: to the back either way.
      this.ringHead = (this.ringHead + 1) % this.capacity;
      this.ring[(this.ringHead + this.count - 1) % this.capacity] = first;
      if (expired || chance === SECOND_CHANCES) {
        this.removeIndex(first);
        return first;
      }
    }
    if (this.count === this.capacity) this.resize(Math.min(this.maxSessions, this.capacity * 2));
    const slot = this.count;
    this.ring[(this.ringHead + this.count) % this.capacity] = slot;
    this.count += 1;
    return slot;
  }

  private bucketOf(hash: number): number {
    return (hash % 0x4000_0000) & this.indexMask;
  }

  private find(hash: number, check: number): number {
    for (let bucket = this.bucketOf(hash); ; bucket = (bucket + 1) & this.indexMask) {
      const entry = this.index[bucket] ?? 0;
      if (entry === 0) return -1;
      const slot = entry - 1;
      if (this.keyHash[slot] === hash && this.keyCheck[slot] === check) return slot;
    }
  }

  private insertIndex(slot: number): void {
    let bucket = this.bucketOf(this.keyHash[slot] ?? 0);
    while ((this.index[bucket] ?? 0) !== 0) bucket = (bucket + 1) & this.indexMask;
    this.index[bucket] = slot + 1;
  }

  /** Removes a slot's bucket and shifts later entries of its probe run back (no tombstones). */
  private removeIndex(slot: number): void {
    let hole = this.bucketOf(this.keyHash[slot] ?? 0);
    while ((this.index[hole] ?? 0) !== slot + 1) hole = (hole + 1) & this.indexMask;
    this.index[hole] = 0;
    for (let bucket = (hole + 1) & this.indexMask; (this.index[bucket] ?? 0) !== 0; bucket = (bucket + 1) & this.indexMask) {
      const entry = this.index[bucket] ?? 0;
      const home = this.bucketOf(this.keyHash[entry - 1] ?? 0);
      // The entry may move into the hole when its home is not inside (hole, bucket], cyclically.
      const stays = hole <= bucket ? home > hole && home <= bucket : home > hole || home <= bucket;
      if (stays) continue;
      this.index[hole] = entry;
      this.index[bucket] = 0;
      hole = bucket;
    }
  }

  private resize(capacity: number): void {
    const copy = <T extends Float64Array | Uint32Array | Int32Array>(from: T, to: T): T => {
      to.set(from.subarray(0, Math.min(from.length, to.length)));
      return to;
    };
    this.keyHash = copy(this.keyHash, new Float64Array(capacity));
    this.keyCheck = copy(this.keyCheck, new Uint32Array(capacity));
    this.lastSeen = copy(this.lastSeen, new Float64Array(capacity));
    this.startedAt = copy(this.startedAt, new Float64Array(capacity));
    this.attributes = copy(this.attributes, new Float64Array(capacity));
    this.idHigh = copy(this.idHigh, new Uint32Array(capacity));
    this.idLow = copy(this.idLow, new Uint32Array(capacity));
    const ring = new Int32Array(capacity);
    for (let position = 0; position < this.count; position += 1) ring[position] = this.ring[(this.ringHead + position) % this.capacity] ?? 0;
    this.ring = ring;
    this.ringHead = 0;
    this.capacity = capacity;
    let buckets = 2;
    while (buckets < capacity * 2) buckets *= 2;
    this.index = new Int32Array(buckets);
    this.indexMask = buckets - 1;
    for (let slot = 0; slot < this.count; slot += 1) this.insertIndex(slot);
  }
}
