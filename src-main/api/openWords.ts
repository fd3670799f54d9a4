// Words the spec leaves open, as the check meets them: the spec gives a supplier's identifiers
// as foreignSystems [{system, id, source}] and never says what `system` holds. The app knows the
// kinds supplier, customer and own (wire.ts foreignSystemKind); an entry with any other word
// ("SAP", a number, none) is kept as an OtherIdentifier, never read as "no identifiers".
//
// What the check does with them (docs/api/open-values.md lists every such value):
// - an entry whose id and source are a row's supplier id and source is taken as that supplier's
//   id, whatever the word (a customer or own id that happens to be equal makes the row exist,
//   or be ambiguous between two suppliers: never a second creation);
// - a row the list would count new whose supplier id is there under such a word without a
//   source is in doubt (the source may be what the word names): the API's find-by-identifier
//   decides, and where it finds none the check stops with a sentence naming `system` (an entry
//   with another source is another supplier by the API's rule for sources);
// - the words are named once per check (a job warning) and by the connection test.
import { clip } from './network';
import type { OtherIdentifier } from './wire';

/** Words named in one sentence, at most, each at most this long. */
const MAX_WORDS = 5;
const MAX_WORD_LENGTH = 40;

const norm = (s: string | null | undefined) => (s ?? '').trim();

/** The words as a sentence names them: quoted, cut short, a few at most. */
export function wordsText(words: readonly string[]): string {
  const quoted = words.slice(0, MAX_WORDS).map((w) => JSON.stringify(clip(w, MAX_WORD_LENGTH)));
  const more = words.length - MAX_WORDS;
  return more > 0 ? `${quoted.join(', ')} (+${String(more)})` : quoted.join(', ');
}

/** The `system` words of no known kind in these suppliers' identifiers, in their order. */
export function unknownSystems(
  suppliers: Iterable<{ otherIds?: readonly OtherIdentifier[] | undefined }>,
): string[] {
  const words = new Set<string>();
  for (const s of suppliers) for (const o of s.otherIds ?? []) words.add(o.system);
  return [...words];
}

/** The supplier ids a supplier answered may be recognised by: its supplier ids, and its
 *  identifiers of no known kind (matched by id and source like supplier ids). */
export function recognisableIds(s: {
  supplierIds?: readonly { id: string; source?: string | null }[] | null | undefined;
  otherIds?: readonly OtherIdentifier[] | undefined;
}): { id: string; source?: string | null }[] {
  return [...(s.supplierIds ?? []), ...(s.otherIds ?? [])];
}

/** What a check met of identifiers in words it does not know. */
export class OpenWords {
  private readonly words = new Set<string>();
  /** The ids that came under an unknown word without a source. */
  private readonly sourceless = new Set<string>();

  /** Notes the suppliers' identifiers of no known kind; answers the words not seen before. */
  see(suppliers: Iterable<{ otherIds?: readonly OtherIdentifier[] | undefined }>): string[] {
    const fresh: string[] = [];
    for (const s of suppliers) {
      for (const o of s.otherIds ?? []) {
        if (!this.words.has(o.system)) {
          this.words.add(o.system);
          fresh.push(o.system);
        }
        if (!norm(o.source)) this.sourceless.add(norm(o.id));
      }
    }
    return fresh;
  }

  /** Every word seen so far. */
  get seen(): string[] {
    return [...this.words];
  }

  /**
   * Whether a row the list would count new may not be: its supplier id is there under an
   * unknown word without a source, and the row has one. A row without a source matches the id
   * from any source, so it is never in doubt.
   */
  inDoubt(ref: { id: string; source?: string | null | undefined }): boolean {
    return norm(ref.source) !== '' && this.sourceless.has(norm(ref.id));
  }
}
