// Commands on files: uploads from the browser, the desktop's file dialog, reading a chosen file
// (inspect, preview, mapping preview), and handing an exported file back (download, folder).
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fail, failWith } from '../../../src-shared/errors';
import { inspectFile } from '../../workbook';
import type { AreaHandlers, HandlerDeps } from './deps';

/** The most an upload may hold. */
const MAX_UPLOAD_BYTES = 200 * 1024 * 1024;

export function fileHandlers(d: HandlerDeps): AreaHandlers<'files' | 'mapping' | 'shell'> {
  const { options, grants, uploads } = d;
  return {
    // Uploads are removed once unused for a while (services/uploads.ts).
    'files:upload': async ({ uploadId, name, chunk, done }) => {
      const o = await d.onboarding();
      let up = uploadId ? uploads.find(uploadId) : undefined;
      if (uploadId && !up) failWith('not_found', { reason: 'upload' });
      let id = uploadId;
      if (!up) {
        const target = o.uploadPath(name);
        id = target.uploadId;
        up = await uploads.begin(id, target.path);
      }
      const data = Buffer.from(chunk, 'base64');
      if (up.bytes + data.length > MAX_UPLOAD_BYTES) {
        await uploads.discard(id!);
        failWith('file_too_large', { reason: 'upload', limitMb: MAX_UPLOAD_BYTES / 1024 / 1024 });
      }
      // Gone meanwhile (unused for an hour): the page starts again.
      if (!(await uploads.append(id!, data))) failWith('not_found', { reason: 'upload' });
      if (done) {
        uploads.finish(id!);
        grants.grantRead(up.path);
      }
      return { uploadId: id!, path: done ? up.path : null, bytes: up.bytes };
    },
    'files:choose': async ({ purpose, defaultPath }) => {
      if (!options.desktop) {
        failWith('invalid_input', { reason: 'dialog_desktop_only' });
      }
      const chosen = await options.desktop.chooseFile(purpose, defaultPath);
      if (chosen !== null) {
        if (purpose === 'import') grants.grantRead(chosen);
        else grants.grantSaveAs(chosen);
      }
      return { path: chosen };
    },
    'files:takeOpened': () => ({ path: d.opened.take() }),
    'files:inspect': async ({ path: p }) => {
      await d.readable(p);
      const f = await inspectFile(p);
      return { ...f, ...(f.text ? { text: f.text } : {}) };
    },
    'files:preview': async (input) => (await d.readable(input.path)).preview(input),
    'mapping:preview': async (input) => (await d.readable(input.path)).mappingPreview(input),
    'files:download': async ({ path: p }) => {
      if (!d.canDownload) {
        failWith('invalid_input', { reason: 'download_browser_only' });
      }
      return { url: await d.downloads.offer(p), name: path.basename(p) };
    },
    'shell:showInFolder': async ({ path: p }) => {
      if (!options.desktop) return { shown: false };
      await d.ready();
      if (!grants.mayShow(p)) fail('file_not_chosen');
      if (!(await stat(p).catch(() => undefined))) fail('file_not_found');
      options.desktop.showInFolder(p);
      return { shown: true };
    },
  };
}
