// A file the services wrote, saved by the browser (a page cannot open a file on the computer by
// its path): the services hand out a one-time address, and a link to it is clicked.
import type { Result } from '../../src-shared/errors';
import { call } from './call';

export async function downloadFile(path: string): Promise<Result<undefined>> {
  const r = await call('files:download', { path });
  if (!r.ok) return r;
  const a = document.createElement('a');
  a.href = r.value.url;
  a.download = r.value.name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  return { ok: true, value: undefined };
}
