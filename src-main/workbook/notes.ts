// A note on a table as data: its kind and the placeholders of its words, with the English
// sentence worded from the import catalogue (src-shared/i18n/import.ts) for logs.
import type { Params } from '../../src-shared/i18n';
import type { NoteKind } from '../../src-shared/i18n/import';
import { noteText } from '../../src-shared/i18n/importText';
import type { TableNote } from './types';

export function tableNote(row: number | null, kind: NoteKind, params: Params = {}): TableNote {
  return { row, kind, params, message: noteText('en', { kind, params }) };
}
