// A listed API key's pieces: its scopes as better-auth hands them back, and the CSV columns of the key list.
import type { ListedApiKey } from '../../api/settings-types';
import type { CsvColumn } from '../csv';
import { scopesText } from './settings-fields';

/** better-auth may hand permissions back as JSON text. */
export function keyPermissions(key: ListedApiKey): Record<string, string[]> | null {
  const value: unknown = key.permissions;
  if (typeof value !== 'string') return key.permissions;
  try {
    return JSON.parse(value) as Record<string, string[]>;
  } catch {
    return null;
  }
}

/** A row of the key list: the key and who owns it (the organization or the signed-in account). */
export interface KeyListRow {
  readonly key: ListedApiKey;
  readonly owner: string;
}

export const API_KEY_CSV_COLUMNS: readonly CsvColumn<KeyListRow>[] = [
  { header: 'Name', value: ({ key }) => key.name },
  { header: 'Owner', value: ({ owner }) => owner },
  { header: 'Starts with', value: ({ key }) => key.start ?? key.prefix },
  { header: 'Scopes', value: ({ key }) => scopesText(keyPermissions(key)) },
  { header: 'Enabled', value: ({ key }) => key.enabled },
  { header: 'Created (UTC)', value: ({ key }) => key.createdAt },
  { header: 'Expires (UTC)', value: ({ key }) => key.expiresAt ?? 'never' },
  { header: 'Id', value: ({ key }) => key.id },
];
