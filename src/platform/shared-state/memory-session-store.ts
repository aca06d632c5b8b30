// The in-process session store: the sessions of recent visitors, in slots of flat arrays.
import { newSessionId, SESSION_TIMEOUT_MS, type SessionStore, type SessionVisit } from './session-store.js';

const DEFAULT_MAX_SESSIONS = 1_000_000;
const INITIAL_SLOTS = 1_024;
const SECOND_CHANCES = 4;

/**
 * Each visitor's session lives in a slot of a few flat arrays instead of objects of its own: the store keeps
 * up to a million sessions on the enrichment thread's heap, and every full collection marks all of them, so
 * at seven small objects per session (entry, session, boxed times, strings) the collections grew with the
 * store (+10 µs per event with 600,000 sessions, measured). A slot costs the key and two strings, and an
 * event of a known visitor changes nothing but a number: the Map of slots is not reordered per event, as
 * an LRU list would be (a first version that moved each touched key to the end still grew costlier as the
 * store filled). A new visitor takes the slot of the earliest arrival when that session has expired, else
 * a new slot, up to `maxSessions` (see freeSlot).
 */
export class MemorySessionStore implements SessionStore {
  private readonly slots = new Map<string, number>();
  private lastSeen = new Float64Array(INITIAL_SLOTS);
  private startedAt = new Float64Array(INITIAL_SLOTS);
  private readonly ids: string[] = [];
  private readonly attributes: string[] = [];

  constructor(private readonly maxSessions = DEFAULT_MAX_SESSIONS) {}

  /** Visitors whose sessions are kept (expired ones included until their slot is reused). */
  get size(): number {
    return this.slots.size;
  }

  async touch(visitorKey: string, nowMs: number, attributes: string): Promise<SessionVisit> {
    const slot = this.slots.get(visitorKey);
    if (slot === undefined) {
      const fresh = this.freeSlot(nowMs);
      this.slots.set(visitorKey, fresh);
      return this.open(fresh, nowMs, attributes);
    }
    const lastSeen = this.lastSeen[slot] ?? 0;
    if (nowMs - lastSeen < SESSION_TIMEOUT_MS && nowMs >= lastSeen - SESSION_TIMEOUT_MS) {
      this.lastSeen[slot] = Math.max(lastSeen, nowMs);
      return { id: this.ids[slot] ?? '', startedAt: this.startedAt[slot] ?? 0, attributesChanged: this.attributes[slot] !== attributes };
    }
    return this.open(slot, nowMs, attributes);
  }

  async extend(visitorKey: string, nowMs: number, attributes: string): Promise<SessionVisit | undefined> {
    const slot = this.slots.get(visitorKey);
    if (slot === undefined) return undefined;
    const lastSeen = this.lastSeen[slot] ?? 0;
    if (nowMs - lastSeen >= SESSION_TIMEOUT_MS || nowMs < lastSeen - SESSION_TIMEOUT_MS) return undefined;
    return this.touch(visitorKey, nowMs, attributes);
  }

  private open(slot: number, nowMs: number, attributes: string): SessionVisit {
    const id = newSessionId();
    this.ids[slot] = id;
    this.attributes[slot] = attributes;
    this.startedAt[slot] = nowMs;
    this.lastSeen[slot] = nowMs;
    return { id, startedAt: nowMs, attributesChanged: false };
  }

  /**
   * The slot for a new visitor. The Map keeps visitors in the order they arrived; the first one's slot is
   * reused when its session has expired. When the store is full, a first visitor still active is moved to
   * the end (a second chance) a few times before the first one is dropped regardless.
   */
  private freeSlot(nowMs: number): number {
    const full = this.slots.size >= this.maxSessions;
    for (let chance = 0; ; chance += 1) {
      const first = this.slots.entries().next().value;
      if (first === undefined) break;
      const [key, slot] = first;
      if (nowMs - (this.lastSeen[slot] ?? 0) >= SESSION_TIMEOUT_MS || (full && chance === SECOND_CHANCES)) {
        this.slots.delete(key);
        return slot;
      }
      if (!full) break;
      this.slots.delete(key);
      this.slots.set(key, slot);
    }
    const slot = this.slots.size;
    if (slot >= this.lastSeen.length) this.grow();
    return slot;
  }

  private grow(): void {
    const size = Math.min(this.maxSessions, this.lastSeen.length * 2);
    const lastSeen = new Float64Array(size);
    lastSeen.set(this.lastSeen);
    const startedAt = new Float64Array(size);
    startedAt.set(this.startedAt);
    this.lastSeen = lastSeen;
    this.startedAt = startedAt;
  }
}
