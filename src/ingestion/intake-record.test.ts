import { describe, expect, it } from 'vitest';
import type { TrackPayload } from './track.schema.js';
import { intakeLine, parseIntakeLine, type IntakeFields } from './intake-record.js';

/** A repeatable sequence in [0, 1). */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
}

const ODD_TEXT = ['', 'plain', 'quote " and \\ backslash', 'tab\tnew\nline', 'control \u0001\u001f', 'São Paulo 東京 😀', 'lone \ud800 surrogate', '</script>'];

function fieldsFrom(random: () => number): IntakeFields {
  const pick = (): string => ODD_TEXT[Math.floor(random() * ODD_TEXT.length)] ?? '';
  const headers: Record<string, string> = {};
  if (random() < 0.7) headers.accept = pick();
  if (random() < 0.7) headers['sec-fetch-mode'] = pick();
  return {
    site_id: 1 + Math.floor(random() * 1_000_000),
    at: 1_700_000_000_000 + Math.floor(random() * 1e10),
    event_id: '6f1c2a4e-3b7d-4e8f-9a0b-1c2d3e4f5a6b',
    user_id: pick(),
    detect_bots: random() < 0.5,
    ip: pick(),
    user_agent: pick(),
    headers,
  };
}

describe('intakeLine', () => {
  it('writes the text JSON.stringify writes for the fields and the payload, and reads back as they were', () => {
    const random = seededRandom(7);
    for (let index = 0; index < 300; index += 1) {
      const fields = fieldsFrom(random);
      const payload: TrackPayload = { site_id: 'abc', type: 'pageview', pathname: `/p/${ODD_TEXT[index % ODD_TEXT.length] ?? ''}` };
      const line = intakeLine(fields, payload, undefined);
      expect(line).toBe(JSON.stringify({ ...fields, payload }));
      expect(parseIntakeLine(line)).toEqual({ ...fields, payload });
    }
  });

  it('splices a one-line body in as sent, and serializes the payload when the body spans lines', () => {
    const random = seededRandom(11);
    const fields = fieldsFrom(random);
    const payload: TrackPayload = { site_id: 'abc', type: 'pageview', pathname: '/a' };
    expect(intakeLine(fields, payload, '{ "site_id": "abc", "pathname": "/a" }')).toBe(
      `${JSON.stringify(fields).slice(0, -1)},"payload":{ "site_id": "abc", "pathname": "/a" }}`,
    );
    expect(intakeLine(fields, payload, '{\n"site_id": "abc",\n"pathname": "/a"\n}')).toBe(JSON.stringify({ ...fields, payload }));
  });
});
