// Rows of a .csv/.txt file, decoded and split with the detected encoding and delimiter.
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { fail } from '../../src-shared/errors';
import { decodeTextFile } from './textDecode';
import type { TextFileFormat } from './types';
import type { RawRow } from './xlsxRows';

/** The apostrophe the app's own CSV export puts before `= + - @` (formula-injection guard), and
 *  Excel's text marker: one is removed so that exported values read back unchanged. */
export function unneutralise(text: string): string {
  return /^'+[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

export async function* readCsvRows(path: string, format: TextFileFormat): AsyncGenerator<RawRow> {
  const parser = parse({
    delimiter: format.delimiter,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    bom: false,
  });
  const source = Readable.from(decodeTextFile(path, format.encoding));
  source.on('error', (e) => parser.destroy(e));
  source.pipe(parser);
  let record = 0;
  try {
    let first = true;
    for await (const fields of parser as AsyncIterable<string[]>) {
      // Excel's `sep=;` hint line is not a row of the sheet Excel shows.
      if (first && fields.length <= 2 && /^sep=.?$/i.test(fields.join(format.delimiter))) {
        first = false;
        continue;
      }
      first = false;
      record++;
      const cells = fields.map(unneutralise);
      while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
      yield { sourceRow: record, cells };
    }
  } catch (e) {
    fail('file_unreadable', `The text file could not be read as a table (row ${record + 1}).`, {
      path,
      cause: e instanceof Error ? e.message : String(e),
    });
  } finally {
    source.destroy();
    parser.destroy();
  }
}
