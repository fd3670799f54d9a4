// A file picked or dropped in a browser reaches the services in chunks (browsers never reveal
// its path); in the desktop app a dropped file's own path is used instead.
import type { AppError, Result } from '../../src-shared/errors';
import { api } from './api';
import { call } from './call';
import { t } from './i18n.svelte';

const CHUNK_BYTES = 512 * 1024;

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** The path the services can read the file at; `onProgress` gets whole percents. */
export async function fileToPath(
  file: File,
  onProgress: (percent: number) => void = () => undefined,
): Promise<Result<string>> {
  const local = await api?.pathForFile?.(file);
  if (local) return { ok: true, value: local };
  const bytes = new Uint8Array(await file.arrayBuffer());
  let uploadId: string | undefined;
  for (let offset = 0; offset < bytes.length || offset === 0; offset += CHUNK_BYTES) {
    const done = offset + CHUNK_BYTES >= bytes.length;
    const r = await call('files:upload', {
      ...(uploadId ? { uploadId } : {}),
      name: file.name,
      chunk: toBase64(bytes.subarray(offset, offset + CHUNK_BYTES)),
      done,
    });
    if (!r.ok) return r;
    uploadId = r.value.uploadId;
    onProgress(
      Math.round((Math.min(bytes.length, offset + CHUNK_BYTES) / Math.max(1, bytes.length)) * 100),
    );
    if (done) {
      if (r.value.path) return { ok: true, value: r.value.path };
      break;
    }
  }
  const error: AppError = { code: 'upload', message: t('import.uploadFailed') };
  return { ok: false, error };
}
