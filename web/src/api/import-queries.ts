// The imports page's calls: the site's imports (read again every second while one is at work), starting an
// import, uploading its file with upload progress (XMLHttpRequest: fetch reports none), deleting one.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from './client';
import type { ImportPlatform, SiteImport, UploadedImport } from './import-types';

const IMPORTS_KEY = '/api/sites/imports';

export const useImports = (site: string, working: boolean) =>
  useQuery({
    queryKey: [IMPORTS_KEY, site],
    queryFn: () => apiRequest<{ data: SiteImport[] }>(`/api/sites/${encodeURIComponent(site)}/imports`),
    refetchInterval: working ? 1_000 : false,
  });

/** Sends `file` as the body of the import's upload; `onProgress` gets the fraction sent (0 to 1). */
function putFile(site: string, importId: string, file: File, onProgress: (fraction: number) => void): Promise<UploadedImport> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', `/api/sites/${encodeURIComponent(site)}/imports/${encodeURIComponent(importId)}/file?${new URLSearchParams({ name: uploadName(file.name) }).toString()}`);
    request.setRequestHeader('content-type', 'application/octet-stream');
    request.setRequestHeader('accept', 'application/json');
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.total === 0 ? 1 : event.loaded / event.total);
    };
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText) as unknown;
      } catch {
        body = null;
      }
      if (request.status === 200) resolve((body as { data: UploadedImport }).data);
      else reject(new ApiError(request.status, (body as { error?: string } | null)?.error ?? `The server answered ${request.status}`));
    };
    request.onerror = () => reject(new ApiError(0, 'The upload failed: the connection was lost'));
    request.send(file);
  });
}

/** The file's name as the API takes it (letters, digits, spaces, dots, dashes, underscores, no leading dot; at most 100). */
export function uploadName(name: string): string {
  const kept = name.replace(/[^\w. -]/g, '_').slice(-100).replace(/^\./, '_');
  return kept === '' ? 'upload' : kept;
}

export interface UploadRequest {
  readonly platform: ImportPlatform;
  readonly file: File;
  readonly onStarted: (importId: string) => void;
  readonly onProgress: (fraction: number) => void;
}

/** Starts an import of the platform and uploads the file to it; afterwards every report of the site is read again. */
export function useUploadImport(site: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ platform, file, onStarted, onProgress }: UploadRequest) => {
      const started = await apiRequest<{ data: { importId: string } }>(`/api/sites/${encodeURIComponent(site)}/imports`, { method: 'POST', body: { platform } });
      onStarted(started.data.importId);
      return putFile(site, started.data.importId, file, onProgress);
    },
    onSettled: () => client.invalidateQueries(),
  });
}

/** Deleting an import removes its rows: every report of the site is read again. */
export function useDeleteImport(site: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (importId: string) => apiRequest<{ success: true }>(`/api/sites/${encodeURIComponent(site)}/imports/${encodeURIComponent(importId)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries(),
  });
}
