// The services' errors as data: a code, a case and the placeholders' values, worded by the one
// catalogue in English (the error's message) and German.
import { describe, expect, it } from 'vitest';
import { errorCatalogue, failure, type ErrorCode } from '../../../src-shared/errors';
import { hasKey, messages, word, wordMessage } from '../../../src-shared/i18n';

describe('errors as data', () => {
  it('words every error code in English, from the error catalogue, and in German', () => {
    for (const code of Object.keys(errorCatalogue) as ErrorCode[]) {
      const key = `failure.${code}`;
      expect(hasKey(key), key).toBe(true);
      if (!hasKey(key)) continue;
      expect(messages.en[key]).toBe(errorCatalogue[code]);
      expect(messages.de[key], key).not.toBe(messages.en[key]);
    }
  });

  it('carries the case and the values in the details, and the English wording as the message', () => {
    const e = failure('job_running', { reason: 'archive', jobId: 'j1', name: 'Suppliers' });
    expect(e).toMatchObject({
      code: 'job_running',
      details: { reason: 'archive', name: 'Suppliers' },
    });
    expect(e.message).toBe(
      'The job "Suppliers" is running, so it cannot be archived: its rows are being sent and their answers must be recorded with it. Pause or cancel the job first, then try again.',
    );
    expect(word('de', 'failure.job_running.archive', { name: 'Suppliers' })).toMatch(
      /^Der Auftrag „Suppliers“ läuft/,
    );
  });

  it('writes numbers for English readers where asked, keeping the values in the details', () => {
    const e = failure(
      'results_too_wide',
      {
        reason: 'import',
        file: 'wide.csv',
        columns: 16387,
        resultColumns: 11,
        width: 16398,
        maxColumns: 16384,
        used: 7,
      },
      { columns: '16,387', width: '16,398', maxColumns: '16,384' },
    );
    expect(e.message).toMatch(/^"wide.csv" has 16,387 columns; with the 11 result columns/);
    expect(e.details).toMatchObject({ columns: 16387 });
  });

  it('words a connection check and its summary in either language', () => {
    const check = {
      code: 'unreachable',
      params: { url: 'https://api.example', detail: 'timeout' },
    };
    expect(wordMessage('de', 'check', check)).toBe(
      'Die API unter https://api.example ist nicht erreichbar (timeout). Prüfen Sie die Adresse und das Netzwerk.',
    );
    expect(wordMessage('en', ['checkSummary', 'check'], { code: 'ok' })).toBe(
      'The connection works: suppliers can be read and checked. Creating is confirmed by the first real creation.',
    );
    expect(wordMessage('de', ['checkSummary', 'check'], { code: 'token_refused' })).toMatch(
      /^Die API akzeptiert dieses Token nicht/,
    );
  });
});
