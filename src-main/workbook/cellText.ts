// A cell as the user sees it, as text: text cells unchanged (leading zeros kept), numbers
// rendered with their number format where it matters for identifiers (`00000` keeps zeros),
// dates as ISO, formulas by their cached result, rich text and hyperlinks as plain text.
//
// Deliberate differences from Excel's screen: General numbers show all their digits (Excel
// switches to 1.23E+12 in narrow columns, which would destroy identifiers), and grouped numbers
// use the invariant `1,234.50` whatever the user's locale.

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

/** Number formats that show a date or time (quoted text and [colour] parts ignored). */
export function isDateFormat(numFmt: string | undefined): boolean {
  if (!numFmt || numFmt === 'General') return false;
  const bare = numFmt
    .replace(/"[^"]*"/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\\./g, '');
  return /[dmyhs]/i.test(bare) && !/^[#0.,%\s]*$/.test(bare);
}

export function formatGeneral(n: number): string {
  if (!Number.isFinite(n)) return '';
  if (Number.isInteger(n)) {
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

export interface CellText {
  text: string;
  /** The cell shows an error value (#N/A, #REF!, ...). */
  error?: boolean;
}

/** The text of an exceljs cell value. */
export function cellValueToText(
  value: unknown,
  numFmt: string | undefined,
  date1904 = false,
): CellText {
  if (value === null || value === undefined) return { text: '' };
  if (typeof value === 'string') return { text: value };
  if (typeof value === 'number') {
    if (isDateFormat(numFmt)) return { text: dateToIso(serialToDate(value, date1904)) };
    return { text: formatNumber(value, numFmt) };
  }
  if (typeof value === 'boolean') return { text: value ? 'TRUE' : 'FALSE' };
  if (value instanceof Date) return { text: dateToIso(value) };
  if (isObject(value)) {
    if (Array.isArray((value as RichText).richText)) {
      return { text: (value as RichText).richText.map((r) => r.text ?? '').join('') };
    }
    if ('error' in value) return { text: String(value.error), error: true };
    if ('formula' in value || 'sharedFormula' in value) {
      const result = value.result;
      if (typeof result === 'number' && Number.isNaN(result)) return { text: '', error: true };
      if (isObject(result) && 'error' in result) return { text: String(result.error), error: true };
      if (typeof result === 'boolean') return cellValueToText(result, numFmt, date1904);
      return cellValueToText(result, numFmt, date1904);
    }
    if ('text' in value) return cellValueToText(value.text, numFmt, date1904);
  }
  return { text: String(value) };
}
