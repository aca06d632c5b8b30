// operatorOfHost: a referrer host maps to the AI operator owning the domain or a parent domain of it.
import { describe, expect, it } from 'vitest';
import type { AiOperator } from '../../classifiers/catalogs/bot-catalog.js';
import { operatorOfHost } from './operator-of-host.js';

const operators: AiOperator[] = [
  { operator: 'OpenAI', referrerDomains: ['chatgpt.com', 'chat.openai.com'], bots: [] },
  { operator: 'Perplexity', referrerDomains: ['perplexity.ai'], bots: [] },
  { operator: 'Amazon', referrerDomains: [], bots: [] },
];

describe('operatorOfHost', () => {
  it.each([
    ['chatgpt.com', 'OpenAI'],
    ['CHATGPT.COM', 'OpenAI'],
    ['chat.openai.com', 'OpenAI'],
    ['www.perplexity.ai', 'Perplexity'],
    ['perplexity.ai.', 'Perplexity'],
    ['openai.com', undefined],
    ['notchatgpt.com', undefined],
    ['chatgpt.com.evil.example', undefined],
    ['', undefined],
  ])('%j -> %s', (host, expected) => {
    expect(operatorOfHost(host, operators)?.operator).toBe(expected);
  });
});
