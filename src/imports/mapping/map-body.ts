// A batch post's body to mapped rows: parsed, checked, mapped. The mapping thread runs it; so does the inline mapper.
import { isBodyProblem, parseBatchBody, type BodyProblem } from '../batch-body.js';
import { mapBatch } from '../map-batch.js';
import type { MapRequest, MappedBody } from './mapping-protocol.js';

export function mapBody(request: Omit<MapRequest, 'id'>): MappedBody | BodyProblem {
  const body = parseBatchBody(Buffer.from(request.body.buffer, request.body.byteOffset, request.body.byteLength).toString('utf8'));
  if (isBodyProblem(body)) return body;
  const rows = request.platform === null ? [] : body.events;
  return { ...mapBatch(request.platform ?? 'loupe', request.context, rows, request.now), isLastBatch: body.isLastBatch };
}
