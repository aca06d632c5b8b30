import { describe, expect, it } from 'vitest';
import type { Agent } from 'undici';
import { PassConnections } from './pass-connections.js';

/** A stand-in Agent that records what it was made for and whether it was closed. */
function fakeAgents() {
  const made: Array<{ address: string; closed: boolean }> = [];
  const create = (address: { address: string; family: 4 | 6 }): Agent => {
    const agent = { address: `${address.family}/${address.address}`, closed: false };
    made.push(agent);
    return { close: async () => void (agent.closed = true) } as unknown as Agent;
  };
  return { made, create };
}

describe('PassConnections', () => {
  it('gives the attempts of a pass one agent per checked address, and another address its own', () => {
    const { made, create } = fakeAgents();
    const connections = new PassConnections();
    const first = connections.agentFor({ address: '203.0.113.7', family: 4 }, create);
    expect(connections.agentFor({ address: '203.0.113.7', family: 4 }, create)).toBe(first);
    expect(connections.agentFor({ address: '2001:db8::7', family: 6 }, create)).not.toBe(first);
    expect(made.map((agent) => agent.address)).toEqual(['4/203.0.113.7', '6/2001:db8::7']);
  });

  it('closes every agent at the end of the pass, and a later attempt connects anew', async () => {
    const { made, create } = fakeAgents();
    const connections = new PassConnections();
    connections.agentFor({ address: '203.0.113.7', family: 4 }, create);
    connections.agentFor({ address: '203.0.113.8', family: 4 }, create);
    await connections.close();
    expect(made.map((agent) => agent.closed)).toEqual([true, true]);
    connections.agentFor({ address: '203.0.113.7', family: 4 }, create);
    expect(made).toHaveLength(3);
  });
});
