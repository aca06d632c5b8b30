// Matomo's visit log as its Live API answers it (Live.getLastVisitsDetails, format=JSON): one array of visits,
// each with its actions in `actionDetails`. Each action is sent as one row: the visit's fields with the
// action under `action` (see platforms/matomo-rows.ts); a visit without actions sends nothing.
import { ImportFileError } from './import-file-error.js';
import { jsonArrayItems } from './json-array-items.js';

export interface MatomoFileRow {
  readonly where: string;
  readonly row: unknown;
}

export async function* matomoVisitRows(chunks: AsyncIterable<string>, name: string): AsyncGenerator<MatomoFileRow> {
  for await (const { where, item } of jsonArrayItems(chunks, name)) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) throw new ImportFileError(where, 'expected a visit object');
    const { actionDetails, ...visit } = item as Record<string, unknown>;
    if (actionDetails === undefined) continue;
    if (!Array.isArray(actionDetails)) throw new ImportFileError(where, 'actionDetails: expected an array');
    let index = 0;
    for (const action of actionDetails as unknown[]) {
      index++;
      yield { where: `${where} action ${index}`, row: { ...visit, action } };
    }
  }
}
