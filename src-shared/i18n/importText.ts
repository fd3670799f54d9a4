// What an import reports, worded in a language from the catalogue (import.ts): notes on the
// file, notes on a row's cells and row problems, each `{code or kind, params}`. The importer
// builds its English sentences here too, so the catalogue is the one source of their words.
//
// Params the sentences share: `variant` picks `<key>.<variant>`; a param ending in `List` is a
// list joined with ", " whose last item the language joins with "and"; `field`, `delimiter`
// and `assumed`/`other` are codes worded from the catalogue (`fieldName`, `delimiterName`, …).
import { hasKey, word, type Lang, type Params } from './index';
import type { NoteKind, ProblemCode, RowNoteKind } from './import';

const AND: Record<Lang, string> = { en: ' and ', de: ' und ' };

/** Codes among the params worded from the catalogue: param → [key prefix, worded param]. */
const WORDED: Record<string, [string, string]> = {
  field: ['problem.field', 'fieldName'],
  delimiter: ['note.delimiter', 'delimiterName'],
  delimiters: ['note.delimiters', 'delimitersName'],
  assumed: ['note.encoding', 'assumedName'],
  other: ['note.encoding', 'otherName'],
};

function prepare(lang: Lang, params: Params | undefined): Params {
  const out: Params = { ...params };
  for (const [name, value] of Object.entries(params ?? {})) {
    if (name.endsWith('List') && typeof value === 'string') {
      const last = value.lastIndexOf(', ');
      if (last >= 0) out[name] = `${value.slice(0, last)}${AND[lang]}${value.slice(last + 2)}`;
    }
    const worded = WORDED[name];
    if (worded) {
      const key = `${worded[0]}.${value}`;
      out[worded[1]] = hasKey(key) ? word(lang, key) : String(value);
    }
  }
  return out;
}

/** The first of the keys the catalogue has, filled in; else the fallback. */
function first(lang: Lang, keys: readonly string[], params: Params, fallback: string): string {
  for (const key of keys) if (hasKey(key)) return word(lang, key, params);
  return fallback;
}

const variantOf = (params: Params | undefined) =>
  params?.variant === undefined ? null : String(params.variant);

/** A note on the file: `note.<kind>[.<variant>]`, or `note.<variant>` said of any kind. */
export function noteText(
  lang: Lang,
  note: { kind: NoteKind | string; params?: Params | undefined; message?: string },
): string {
  const v = variantOf(note.params);
  const keys = v ? [`note.${note.kind}.${v}`, `note.${v}`] : [`note.${note.kind}`];
  return first(lang, keys, prepare(lang, note.params), note.message ?? note.kind);
}

/** A note on a row's cell, led by where it is. */
export function rowNoteText(
  lang: Lang,
  note: { kind: RowNoteKind | string; params?: Params | undefined; message?: string },
): string {
  const p = prepare(lang, note.params);
  const at = { row: p.row ?? '', column: p.column ?? '' };
  p.where = word(lang, p.column ? 'rowNote.where.column' : 'rowNote.where.row', at);
  const v = variantOf(note.params);
  const keys = v ? [`rowNote.${note.kind}.${v}`] : [`rowNote.${note.kind}`];
  return first(lang, keys, p, note.message ?? note.kind);
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A row problem's sentence and its fix. The sentence leads with the value and what is wrong
 *  with it; where it is follows in brackets. */
export function problemText(
  lang: Lang,
  problem: {
    code: ProblemCode | string;
    params?: Params | undefined;
    message?: string;
    fix?: string;
  },
): { message: string; fix: string } {
  const { code } = problem;
  const p = prepare(lang, problem.params);
  const v = variantOf(problem.params);
  const whatKeys = v ? [`problem.${code}.${v}`, `problem.${code}`] : [`problem.${code}`];
  const what = first(lang, whatKeys, p, '');
  const fixKeys = [
    ...(v ? [`problem.${code}.${v}.fix`] : []),
    `problem.${code}.fix`,
    ...(problem.params?.field !== undefined ? [`problem.fix.${problem.params.field}`] : []),
    'problem.fix',
  ];
  const fix = first(lang, fixKeys, p, problem.fix ?? '');
  if (!what) return { message: problem.message ?? code, fix };
  const value = String(p.value ?? '');
  const text = value === '' ? capital(what) : word(lang, 'problem.quoted', { value, what });
  const at = { row: p.row ?? '', column: p.column ?? '' };
  const where = word(lang, p.column ? 'problem.where.column' : 'problem.where.row', at);
  const message = text.endsWith('.') ? `${text.slice(0, -1)} (${where}).` : `${text} (${where})`;
  return { message, fix };
}
