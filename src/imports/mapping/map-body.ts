// A batch post's body to mapped rows: parsed, checked, mapped. The mapping thread runs it; so does the inline mapper.
import { isBodyProblem, parseBatchBody, type BodyProblem } from '../batch-body.js';
import { mapBatch } from '../map-batch.js';
import type { MapInput, MappedBody } from './mapping-protocol.js';

export function mapBody(input: MapInput): MappedBody | BodyProblem {
  const body = parseBatchBody(Buffer.from(input.body.buffer, input.body.byteOffset, input.body.byteLength).toString('utf8'));
  if (isBodyProblem(body)) return body;
  const rows = input.platform === null ? [] : body.events;
  return { ...mapBatch(input.platform ?? 'loupe', input.context, rows, input.now), isLastBatch: body.isLastBatch };
}
