// A cell as the user sees it, as text: text cells unchanged (leading zeros kept), numbers
// rendered with their number format where it matters for identifiers (`00000` keeps zeros),
// dates as ISO, formulas by their cached result, rich text and hyperlinks as plain text.
//
// Deliberate differences from Excel's screen: General numbers show all their digits (Excel
// switches to 1.23E+12 in narrow columns, which would destroy identifiers), and grouped numbers
// use the invariant `1,234.50` whatever the user's locale. What the text cannot say (the cell was
// a date, a number in scientific notation or of more than 15 digits, an error) comes with it as
// a mark, so that validation can tell an identifier Excel bent from one typed as text.

const MS_PER_DAY = 86_400_000;
const EPOCH_1900 = Date.UTC(1899, 11, 30);
const EPOCH_1904 = Date.UTC(1904, 0, 1);

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function dateToIso(d: Date): string {
  if (Number.isNaN(d.getTime())) return '';
  const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const h = d.getUTCHours();
  const m = d.getUTCMinutes();
  const s = d.getUTCSeconds();
  if (h === 0 && m === 0 && s === 0) return date;
  const time = s === 0 ? `${pad(h)}:${pad(m)}` : `${pad(h)}:${pad(m)}:${pad(s)}`;
  // Excel's day 0 carries time-only values.
  if (d.getTime() < Date.UTC(1900, 0, 1) && d.getTime() >= EPOCH_1900) return time;
  return `${date} ${time}`;
}

export function serialToDate(serial: number, date1904 = false): Date {
  // Excel's serial counts days; round to the second to undo floating-point noise.
  const ms = Math.round((serial * MS_PER_DAY) / 1000) * 1000;
  return new Date((date1904 ? EPOCH_1904 : EPOCH_1900) + ms);
}

/** A test of a number format, remembered per format (a sheet has a handful, read per cell). */
function rememberedPerFormat(test: (numFmt: string) => boolean): (numFmt: string) => boolean {
  const known = new Map<string, boolean>();
  return (numFmt) => {
    let answer = known.get(numFmt);
    if (answer === undefined) {
      answer = test(numFmt);
      if (known.size < 1_000) known.set(numFmt, answer);
    }
    return answer;
  };
}

const showsDateRemembered = rememberedPerFormat((f) => showsDate(f));

/** Number formats that show a date or time (quoted text and [colour] parts ignored). */
export function isDateFormat(numFmt: string | undefined): boolean {
  if (!numFmt || numFmt === 'General') return false;
  return showsDateRemembered(numFmt);
}

function showsDate(numFmt: string): boolean {
  const bare = numFmt
    .replace(/"[^"]*"/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\\./g, '');
  return /[dmyhs]/i.test(bare) && !/^[#0.,%\s]*$/.test(bare);
}

export function formatGeneral(n: number): string {
  if (!Number.isFinite(n)) return '';
  if (Number.isInteger(n)) {
    // A safe integer's String is its digits; a larger one below 1e21 shows all the digits it
    // holds (BigInt), not the shortest that read back the same.
    if (Number.isSafeInteger(n)) return String(n);
    return Math.abs(n) < 1e21 ? BigInt(n).toString() : String(n);
  }
  // 15 significant digits, as Excel stores them: 0.1 + 0.2 shows as 0.3.
  return String(Number(n.toPrecision(15)));
}

interface ParsedFormat {
  prefix: string;
  suffix: string;
  minInt: number;
  decimals: number;
  group: boolean;
  percent: boolean;
}

const formatCache = new Map<string, ParsedFormat | null>();

/** Reads the first section of a number format; null when it is beyond this renderer (fractions,
 *  scientific), in which case the number shows as General. */
function parseFormat(numFmt: string): ParsedFormat | null {
  const cached = formatCache.get(numFmt);
  if (cached !== undefined) return cached;
  let section = '';
  let inQuotes = false;
  for (const ch of numFmt) {
    if (ch === '"') inQuotes = !inQuotes;
    if (ch === ';' && !inQuotes) break;
    section += ch;
  }
  const result: ParsedFormat = {
    prefix: '',
    suffix: '',
    minInt: 0,
    decimals: 0,
    group: false,
    percent: false,
  };
  let stage: 'prefix' | 'int' | 'dec' | 'suffix' = 'prefix';
  let ok = true;
  const literal = (text: string) => {
    if (stage === 'prefix') result.prefix += text;
    else {
      stage = 'suffix';
      result.suffix += text;
    }
  };
  for (let i = 0; i < section.length; i++) {
    const ch = section[i] as string;
    if (ch === '"') {
      const end = section.indexOf('"', i + 1);
      literal(section.slice(i + 1, end < 0 ? undefined : end));
      i = end < 0 ? section.length : end;
    } else if (ch === '\\') {
      literal(section[i + 1] ?? '');
      i++;
    } else if (ch === '[') {
      const end = section.indexOf(']', i);
      i = end < 0 ? section.length : end;
    } else if (ch === '_' || ch === '*') {
      if (ch === '_') literal(' ');
      i++;
    } else if (ch === '0' || ch === '#' || ch === '?') {
      if ((stage as string) === 'suffix') ok = false;
      if (stage === 'prefix') stage = 'int';
      if (stage === 'int' && ch === '0') result.minInt++;
      if (stage === 'dec' && ch !== '#') result.decimals++;
      if (stage === 'dec' && ch === '#') result.decimals++;
    } else if (ch === '.') {
      if (stage === 'prefix' || stage === 'int') stage = 'dec';
      else literal(ch);
    } else if (ch === ',') {
      if (stage === 'int') result.group = true;
      else literal(ch);
    } else if (ch === '%') {
      result.percent = true;
      literal('%');
    } else if (ch === 'E' || ch === 'e' || ch === '/') {
      ok = false;
    } else if (ch === '@') {
      ok = false;
    } else {
      literal(ch);
    }
  }
  const parsed = ok && stage !== 'prefix' ? result : null;
  formatCache.set(numFmt, parsed);
  return parsed;
}

export function formatNumber(n: number, numFmt: string | undefined): string {
  if (!Number.isFinite(n)) return '';
  if (!numFmt || numFmt === 'General' || numFmt === '@') return formatGeneral(n);
  const f = parseFormat(numFmt);
  if (!f) return formatGeneral(n);
  const value = f.percent ? n * 100 : n;
  const negative = value < 0;
  const [whole = '0', decPart = ''] = Math.abs(value).toFixed(f.decimals).split('.');
  let intPart = whole === '0' && f.minInt === 0 ? '' : whole;
  intPart = intPart.padStart(f.minInt, '0');
  if (f.group) intPart = intPart.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const digits = decPart ? `${intPart}.${decPart}` : intPart;
  return `${negative ? '-' : ''}${f.prefix}${digits}${f.suffix}`;
}

type RichText = { richText: { text?: string | null }[] };

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

/** What Excel did to a cell that its text alone does not say, where it may have bent a value:
 *  an error value (a formula's error result may have no text), a date, a number shown in
 *  scientific notation, a number of more than 15 digits (Excel keeps only 15). Validation turns
 *  these into problems in the columns where they bend a value (identifiers, postal codes). */
export const CELL_MARKS = ['error', 'date', 'scientific', 'long_number', 'fraction'] as const;
export type CellMark = (typeof CELL_MARKS)[number];

export interface CellText {
  text: string;
  /** The cell shows an error value (#N/A, #REF!, ...). */
  error?: boolean;
  mark?: CellMark;
}

/** Excel's error values, as a cell shows them. */
export const EXCEL_ERRORS: ReadonlySet<string> = new Set([
  '#NULL!',
  '#DIV/0!',
  '#VALUE!',
  '#REF!',
  '#NAME?',
  '#NUM!',
  '#N/A',
  '#GETTING_DATA',
  '#SPILL!',
  '#CALC!',
  '#FIELD!',
  '#BLOCKED!',
  '#CONNECT!',
  '#BUSY!',
  '#UNKNOWN!',
  '#EXTERNAL!',
]);

/** The Excel error literal a text is (`#N/A`, `#REF!`, in any letter case, spaces around
 *  ignored), or null. */
export function excelErrorOf(text: string): string | null {
  if (!text.includes('#')) return null;
  const t = text.trim().toUpperCase();
  return t.startsWith('#') && EXCEL_ERRORS.has(t) ? t : null;
}

const showsScientificRemembered = rememberedPerFormat((f) => showsScientific(f));

/** A number format that shows scientific notation (`0.00E+00`). */
export function isScientificFormat(numFmt: string | undefined): boolean {
  if (!numFmt) return false;
  return showsScientificRemembered(numFmt);
}

function showsScientific(numFmt: string): boolean {
  const bare = numFmt
    .replace(/"[^"]*"/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\\./g, '');
  return /[0#?.]E[+-]/i.test(bare);
}

const error = (text: string): CellText => ({ text, error: true, mark: 'error' });

function numberText(value: number, numFmt: string | undefined, date1904: boolean): CellText {
  if (isDateFormat(numFmt)) {
    return { text: dateToIso(serialToDate(value, date1904)), mark: 'date' };
  }
  const text = formatNumber(value, numFmt);
  if (isScientificFormat(numFmt)) return { text, mark: 'scientific' };
  // 16 digits or more before the point: Excel kept only the first 15.
  if (Math.abs(value) >= 1e15) return { text, mark: 'long_number' };
  // A number with decimals (0.30000000000000004 shown as 0.3): never an id.
  if (!Number.isInteger(value)) return { text, mark: 'fraction' };
  return { text };
}

/** The text of an exceljs cell value. `result`: a formula's cached result as the cell holds it
 *  (exceljs's `cell.value` leaves out a result of 0, FALSE or an error). */
export function cellValueToText(
  value: unknown,
  numFmt: string | undefined,
  date1904 = false,
  result?: unknown,
): CellText {
  if (value === null || value === undefined) return { text: '' };
  if (typeof value === 'string') return { text: value };
  if (typeof value === 'number') {
    // An error result is stored as NaN by the streaming reader: its text is lost.
    if (Number.isNaN(value)) return error('');
    return numberText(value, numFmt, date1904);
  }
  if (typeof value === 'boolean') return { text: value ? 'TRUE' : 'FALSE' };
  if (value instanceof Date) return { text: dateToIso(value), mark: 'date' };
  if (isObject(value)) {
    if (Array.isArray((value as RichText).richText)) {
      return { text: (value as RichText).richText.map((r) => r.text ?? '').join('') };
    }
    if ('error' in value) return error(String(value.error));
    if ('formula' in value || 'sharedFormula' in value) {
      const cached = 'result' in value ? value.result : result;
      if (isObject(cached) && 'error' in cached) return error(String(cached.error));
      return cellValueToText(cached, numFmt, date1904);
    }
    if ('text' in value) return cellValueToText(value.text, numFmt, date1904);
  }
  return { text: String(value) };
}

/** The text of a cell of exceljs's streaming reader, formulas by their cached result. */
export function excelCellText(
  cell: { value: unknown; numFmt?: string; result?: unknown },
  date1904 = false,
): CellText {
  return cellValueToText(cell.value, cell.numFmt, date1904, cell.result);
}
