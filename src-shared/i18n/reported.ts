// What an import or a row reports, worded the same way everywhere (the screens, the command
// line, the results workbook): the importer's problems and notes with their variants, value and
// place (importText.ts), any other problem as `problem.<code>` with its `.fix`, and the English
// sentence it came with where the catalogue has no words for it.
import { word, wordCode, type Lang, type Params } from './index';
import { PROBLEM_CODES, ROW_NOTE_KINDS, type ProblemCode } from './import';
import { noteText, problemText, rowNoteText } from './importText';

const IMPORT_PROBLEMS: ReadonlySet<string> = new Set(PROBLEM_CODES);
const ROW_NOTES: ReadonlySet<string> = new Set(ROW_NOTE_KINDS);

export interface ReportedProblem {
  code?: string | undefined;
  params?: Params | undefined;
  message?: string | undefined;
  /** What to do, when the report gives it apart from the sentence. */
  fix?: string | undefined;
}

/** A row problem and what to do about it, in one sentence or two. */
export function reportedProblemText(lang: Lang, p: ReportedProblem): string {
  const english = [p.message, p.fix].filter(Boolean).join(' ');
  // English keeps the sentence the report came with (see wordMessage).
  if (!p.code || (lang === 'en' && english)) return english;
  if (IMPORT_PROBLEMS.has(p.code) && p.params) {
    const w = problemText(lang, {
      code: p.code as ProblemCode,
      params: p.params,
      ...(p.message !== undefined ? { message: p.message } : {}),
      ...(p.fix ? { fix: p.fix } : {}),
    });
    return [w.message, w.fix].filter(Boolean).join(' ');
  }
  const what = wordCode(lang, 'problem', p.code, p.params);
  if (what === undefined) return english;
  const fix = wordCode(lang, 'problem', `${p.code}.fix`, p.params);
  return fix ? `${what} ${fix}` : what;
}

/** A note of an import: on the file (`note.<kind>`) or on a row's cells (`rowNote.<kind>`). */
export function reportedNoteText(
  lang: Lang,
  note: { kind: string; params?: Params | undefined; message: string },
): string {
  if (lang === 'en' && note.message) return note.message;
  const n = {
    kind: note.kind,
    message: note.message,
    ...(note.params ? { params: note.params } : {}),
  };
  if (!ROW_NOTES.has(note.kind)) return noteText(lang, n);
  // A note said once for a kind of change, with its first example and how many rows had it.
  const more = note.params?.more;
  const text = rowNoteText(lang, n);
  return more && text !== note.message ? `${text} ${word(lang, 'rowNote.more', { more })}` : text;
}
