// The endpoint connections of one delivery pass: the attempts of a pass to one checked address share an undici
// Agent, so an attempt after the first to the same endpoint reuses the connection the previous one left open instead
// of a TCP and TLS handshake of its own; the pass closes them all when it ends, so no connection outlives it.
import type { Agent } from 'undici';
import type { ResolvedAddress } from '../platform/outbound/resolver.js';

/** Makes an Agent that connects only to `address` (the sender pins the checked address). */
export type PinnedAgentFactory = (address: ResolvedAddress) => Agent;

export class PassConnections {
  private readonly agents = new Map<string, Agent>();

  /** The pass's Agent for `address`, made by `create` at its first attempt there. */
  agentFor(address: ResolvedAddress, create: PinnedAgentFactory): Agent {
    const key = `${address.family}/${address.address}`;
    const known = this.agents.get(key);
    if (known) return known;
    const agent = create(address);
    this.agents.set(key, agent);
    return agent;
  }

  /** Closes every connection of the pass (waiting for none in flight: the pass's attempts have ended). */
  async close(): Promise<void> {
    const agents = [...this.agents.values()];
    this.agents.clear();
    await Promise.all(agents.map((agent) => agent.close().catch(() => undefined)));
  }
}
