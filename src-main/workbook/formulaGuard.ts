// Formula injection in the app's CSV files (OWASP "CSV injection"): a spreadsheet runs a cell that
// starts with = + - @ (or a TAB or CR before one) as a formula. A CSV file is not always split the
// way it was written: German Excel and LibreOffice split a comma-separated file at `;` (the list
// separator of their locale), a TAB splits cells when the text is pasted, and a reader that takes
// CR or LF inside a quoted value for the end of a row starts a new row there. A value's quotes do
// not help then: the quote opens a field only at its start. So not only a value's start but every
// place a cell could start is guarded: the start and each place right after `;`, `,`, TAB, CR or
// LF (a CR LF pair counts once). Where one of those is followed by = + - @ TAB CR or LF (after any
// `"` and `'` already there),
// one apostrophe goes before the character: `Evil;=1+1` is written `Evil;'=1+1`, `A\r=2+2`
// `A\r'=2+2`, `=SUM(A1)` `'=SUM(A1)`. Whatever split the reader makes, no cell starts a formula;
// a spreadsheet shows a leading apostrophe as text (or hides it), inside a value it is seen.
//
// It round-trips: an apostrophe is added at every such place, also where the value already had
// apostrophes there (`;''=x` for `;'=x`), and the app's reader removes exactly one at every such
// place (`unneutralise`), so a file the app wrote reads back as the values it was written from.
// (A value that was typed with an apostrophe in such a place, in a file the app did not write,
// loses one apostrophe, as a spreadsheet's text marker at a cell's start does.)

/** Characters some reader splits a line at; a CR right before an LF is one line break with it. */
const SPLITS = new Set([';', ',', '\t', '\r', '\n']);
/** What makes a cell a formula, or lets one follow (TAB, CR and LF are cut away by some
 *  readers; LF with CR, as a reader may turn one into the other). */
const TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r', '\n']);

/** Where, in each place a cell may start (the start, after a split character), the apostrophes
 *  before a trigger begin: after the quotes there (a reader that splits there takes them away). */
function guardPlaces(text: string): number[] {
  const places: number[] = [];
  for (let start = 0; start <= text.length; start++) {
    if (start > 0) {
      const before = text[start - 1]!;
      if (!SPLITS.has(before) || (before === '\r' && text[start] === '\n')) continue;
    }
    let at = start;
    while (text[at] === '"') at++;
    let after = at;
    while (text[after] === "'") after++;
    if (after < text.length && TRIGGERS.has(text[after]!)) places.push(at);
  }
  return places;
}

/** The value with an apostrophe before every = + - @ TAB CR or LF that could start a cell. */
export function neutraliseFormula(text: string): string {
  let out = '';
  let from = 0;
  for (const at of guardPlaces(text)) {
    out += `${text.slice(from, at)}'`;
    from = at;
  }
  return out + text.slice(from);
}

/** The value as it was before `neutraliseFormula`: one apostrophe removed at each such place.
 *  The same after a reader turned the line breaks inside a value into LF. */
export function unneutralise(text: string): string {
  let out = '';
  let from = 0;
  for (const at of guardPlaces(text)) {
    if (text[at] !== "'") continue;
    out += text.slice(from, at);
    from = at + 1;
  }
  return out + text.slice(from);
}
