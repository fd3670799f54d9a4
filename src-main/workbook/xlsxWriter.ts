// A streaming .xlsx writer for the results workbook: sheets one after the other, their rows
// written as they come and never held, with exactly what the export uses: texts (inline strings,
// so no shared-string table grows in memory), numbers, Excel's text format ('@') for identifier
// cells, column widths, a frozen header row, an autofilter over the table, and cell notes (the
// comments part with the legacy VML drawing Excel shows them with). Every text is XML-escaped;
// the characters XML 1.0 cannot hold (control characters other than TAB, LF and CR) are left out.
import type { Writable } from 'node:stream';
import { MemoryPart, ZipWriter, type ZipPartWriter } from './zipWriter';

export type XlsxCell = string | number | null | undefined;

export interface XlsxNote {
  /** 0-based column of the cell. */
  column: number;
  text: string;
}

export interface XlsxSheetOptions {
  name: string;
  /** Column widths in Excel's character units, from column A on. */
  widths?: readonly number[];
  /** Keeps the first row in view while scrolling. */
  freezeHeader?: boolean;
  /** An autofilter on the first row, over this many columns (and every row written). */
  filterColumns?: number;
  /** 0-based columns whose cells (below the first row) get the text format '@'. */
  textColumns?: ReadonlySet<number>;
}

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const CT = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

/** Characters XML 1.0 cannot hold (left out, as exceljs's writer does, DEL included) and the
 *  ones text must escape. */
// eslint-disable-next-line no-control-regex -- the control characters are what it finds
const TEXT_SPECIAL = /[<>&\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]/;
// eslint-disable-next-line no-control-regex -- the control characters are what it finds
const TEXT_REPLACE = /[<>&\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]/g;
// eslint-disable-next-line no-control-regex -- the control characters are what it finds
const ATTR_REPLACE = /[<>&"'\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]/g;
const ENTITY: Record<string, string> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  '"': '&quot;',
  "'": '&apos;',
};
const entity = (c: string) => ENTITY[c] ?? '';

/** Text as XML character data. */
export function xmlText(text: string): string {
  return TEXT_SPECIAL.test(text) ? text.replace(TEXT_REPLACE, entity) : text;
}

/** Text as an XML attribute value (within double quotes). */
export function xmlAttr(text: string): string {
  return text.replace(ATTR_REPLACE, entity);
}

/** A `<t>` element; leading or trailing white space kept (xml:space). */
function tElement(text: string): string {
  const first = text.charCodeAt(0);
  const last = text.charCodeAt(text.length - 1);
  return first <= 32 || last <= 32
    ? `<t xml:space="preserve">${xmlText(text)}</t>`
    : `<t>${xmlText(text)}</t>`;
}

/** Excel's name of a 1-based column: 1 → A, 27 → AA. */
export function columnName(n: number): string {
  let name = '';
  for (let c = n; c > 0; c = Math.floor((c - 1) / 26)) {
    name = String.fromCharCode(65 + ((c - 1) % 26)) + name;
  }
  return name;
}

/** Characters Excel refuses in a sheet name; a name is at most 31 characters. */
const BAD_SHEET_NAME = /[*?:\\/[\]]/;

const STYLES = `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}"><fonts count="1"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles><dxfs count="0"/><tableStyles count="0" defaultTableStyle="TableStyleMedium2" defaultPivotStyle="PivotStyleLight16"/></styleSheet>`;
/** The style index of the text format in STYLES' cellXfs. */
const TEXT_STYLE = 1;

const VML_HEAD =
  '<xml xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:v="urn:schemas-microsoft-com:vml" xmlns:x="urn:schemas-microsoft-com:office:excel"><o:shapelayout v:ext="edit"><o:idmap v:ext="edit" data="1"/></o:shapelayout><v:shapetype id="_x0000_t202" coordsize="21600,21600" o:spt="202" path="m,l,21600r21600,l21600,xe"><v:stroke joinstyle="miter"/><v:path gradientshapeok="t" o:connecttype="rect"/></v:shapetype>';

/** One note's shape: hidden until the pointer rests on the cell (exceljs's and Excel's own). */
function vmlShape(index: number, row: number, column: number): string {
  const top = Math.max(row - 2, 0);
  return `<v:shape id="_x0000_s${1025 + index}" type="#_x0000_t202" style="position:absolute; margin-left:105.3pt;margin-top:10.5pt;width:97.8pt;height:59.1pt;z-index:1;visibility:hidden" fillcolor="infoBackground [80]" strokecolor="none [81]" o:insetmode="auto"><v:fill color2="infoBackground [80]"/><v:shadow color="none [81]" obscured="t"/><v:path o:connecttype="none"/><v:textbox style="mso-direction-alt:auto" inset="1.3mm,1.3mm,2.5mm,2.5mm"><div style="text-align:left"/></v:textbox><x:ClientData ObjectType="Note"><x:MoveWithCells/><x:SizeWithCells/><x:Anchor>${column + 1}, 6, ${top}, 14, ${column + 3}, 2, ${top + 4}, 16</x:Anchor><x:Locked>True</x:Locked><x:AutoFill>False</x:AutoFill><x:LockText>True</x:LockText><x:Row>${row - 1}</x:Row><x:Column>${column}</x:Column></x:ClientData></v:shape>`;
}

interface SheetRecord {
  name: string;
  notes: boolean;
}

/** The notes of one sheet: its comments part and its VML drawing, deflated into memory. */
class SheetNotes {
  readonly comments = new MemoryPart();
  readonly vml = new MemoryPart();
  count = 0;

  constructor() {
    this.comments.write(
      `${XML_HEAD}<comments xmlns="${MAIN_NS}"><authors><author>Author</author></authors><commentList>`,
    );
    this.vml.write(`<?xml version="1.0" encoding="UTF-8"?>${VML_HEAD}`);
  }

  add(ref: string, row: number, column: number, text: string): void {
    this.comments.write(
      `<comment ref="${ref}" authorId="0"><text><r>${tElement(text)}</r></text></comment>`,
    );
    this.vml.write(vmlShape(this.count, row, column));
    this.count++;
  }

  destroy(): void {
    this.comments.destroy();
    this.vml.destroy();
  }
}

/** Rows into one sheet. `row` returns a promise only when the file needs a pause. */
export class XlsxSheetWriter {
  private rowNumber = 0;
  private width = 0;
  private notes: SheetNotes | null = null;
  private readonly letters: string[] = [];

  constructor(
    private readonly part: ZipPartWriter,
    private readonly options: XlsxSheetOptions,
    private readonly closed: (notes: SheetNotes | null) => Promise<void>,
  ) {}

  /** Rows written so far. */
  get rows(): number {
    return this.rowNumber;
  }

  private letter(column: number): string {
    return (this.letters[column] ??= columnName(column + 1));
  }

  /** One row: texts as inline strings, numbers as numbers; null, undefined and '' leave the
   *  cell empty (a text-format cell keeps its format). `styled: false` writes the row without
   *  the text format (the header). Notes go on cells of this row. */
  row(
    values: readonly XlsxCell[],
    notes?: readonly XlsxNote[] | null,
    styled = true,
  ): Promise<void> | undefined {
    const r = ++this.rowNumber;
    const text = styled ? this.options.textColumns : undefined;
    let xml = `<row r="${r}">`;
    for (let c = 0; c < values.length; c++) {
      const v = values[c];
      const style = text?.has(c) ? ` s="${TEXT_STYLE}"` : '';
      if (v === null || v === undefined || v === '') {
        if (style) xml += `<c r="${this.letter(c)}${r}"${style}/>`;
      } else if (typeof v === 'number' && Number.isFinite(v)) {
        xml += `<c r="${this.letter(c)}${r}"${style}><v>${v}</v></c>`;
      } else {
        xml += `<c r="${this.letter(c)}${r}"${style} t="inlineStr"><is>${tElement(String(v))}</is></c>`;
      }
    }
    if (values.length > this.width) this.width = values.length;
    if (notes) {
      for (const note of notes) {
        this.notes ??= new SheetNotes();
        this.notes.add(`${this.letter(note.column)}${r}`, r, note.column, note.text);
      }
    }
    return this.part.write(`${xml}</row>`);
  }

  /** Closes the sheet: its filter, margins and the link to its notes. */
  async end(): Promise<void> {
    const { filterColumns } = this.options;
    let tail = '</sheetData>';
    if (filterColumns && filterColumns > 0) {
      tail += `<autoFilter ref="A1:${columnName(filterColumns)}${Math.max(1, this.rowNumber)}"/>`;
    }
    tail +=
      '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>';
    if (this.notes) tail += '<legacyDrawing r:id="rId2"/>';
    await this.part.write(`${tail}</worksheet>`);
    await this.part.end();
    await this.closed(this.notes);
  }

  destroy(): void {
    this.notes?.destroy();
  }
}

/** A workbook written to `out` part by part; `finish` writes the workbook's own parts and the
 *  zip's directory and ends nothing (the caller ends `out`). */
export class XlsxWriter {
  private readonly zip: ZipWriter;
  private readonly sheets: SheetRecord[] = [];
  private readonly names = new Set<string>();
  private open: XlsxSheetWriter | null = null;
  private started = false;

  /** `seekable`: `out` writes a file, whose streamed parts' headers are completed afterwards
   *  (ZipWriter, `patches`). */
  constructor(out: Writable, level?: number, seekable = false) {
    this.zip = new ZipWriter(out, level, seekable);
  }

  patches(): ReadonlyArray<{ position: number; bytes: Buffer }> {
    return this.zip.patches();
  }

  async addSheet(options: XlsxSheetOptions): Promise<XlsxSheetWriter> {
    if (this.open) throw new Error('a sheet is still open');
    if (!this.started) {
      this.started = true;
      await this.zip.add('xl/styles.xml', STYLES);
    }
    const name = options.name.slice(0, 31);
    if (!name || BAD_SHEET_NAME.test(name) || this.names.has(name.toLowerCase())) {
      throw new Error(`sheet name "${options.name}" cannot be used`);
    }
    this.names.add(name.toLowerCase());
    const n = this.sheets.length + 1;
    const record: SheetRecord = { name, notes: false };
    this.sheets.push(record);
    const part = await this.zip.open(`xl/worksheets/sheet${n}.xml`);
    let head = `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">`;
    const selected = n === 1 ? ' tabSelected="1"' : '';
    head += options.freezeHeader
      ? `<sheetViews><sheetView${selected} workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>`
      : `<sheetViews><sheetView${selected} workbookViewId="0"/></sheetViews>`;
    head += '<sheetFormatPr defaultRowHeight="15"/>';
    if (options.widths?.length) {
      head += '<cols>';
      options.widths.forEach((w, i) => {
        head += `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`;
      });
      head += '</cols>';
    }
    await part.write(`${head}<sheetData>`);
    const sheet = new XlsxSheetWriter(part, options, async (notes) => {
      this.open = null;
      if (!notes) return;
      record.notes = true;
      notes.comments.write('</commentList></comments>');
      notes.vml.write('</xml>');
      await this.zip.addDeflated(`xl/comments${n}.xml`, await notes.comments.end());
      await this.zip.addDeflated(`xl/drawings/vmlDrawing${n}.vml`, await notes.vml.end());
    });
    this.open = sheet;
    return sheet;
  }

  /** Writes the sheets' relationships, the content types, the workbook and its relationships
   *  (last, in the order exceljs writes them), and the zip's directory. */
  async finish(): Promise<void> {
    if (this.open) throw new Error('a sheet is still open');
    if (this.sheets.length === 0) throw new Error('a workbook needs a sheet');
    const { sheets } = this;
    const rel = (id: string, type: string, target: string) =>
      `<Relationship Id="${id}" Type="${type}" Target="${target}"/>`;
    const officeRel = `${REL_NS}/`;
    for (const [i, s] of sheets.entries()) {
      if (!s.notes) continue;
      await this.zip.add(
        `xl/worksheets/_rels/sheet${i + 1}.xml.rels`,
        `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">${rel('rId1', `${officeRel}comments`, `../comments${i + 1}.xml`)}${rel('rId2', `${officeRel}vmlDrawing`, `../drawings/vmlDrawing${i + 1}.vml`)}</Relationships>`,
      );
    }
    await this.zip.add(
      '_rels/.rels',
      `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">${rel('rId1', `${officeRel}officeDocument`, 'xl/workbook.xml')}</Relationships>`,
    );
    const override = (part: string, type: string) =>
      `<Override PartName="${part}" ContentType="${type}"/>`;
    await this.zip.add(
      '[Content_Types].xml',
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="vml" ContentType="application/vnd.openxmlformats-officedocument.vmlDrawing"/>${override('/xl/workbook.xml', `${CT}.sheet.main+xml`)}${override('/xl/styles.xml', `${CT}.styles+xml`)}${sheets
        .map(
          (s, i) =>
            override(`/xl/worksheets/sheet${i + 1}.xml`, `${CT}.worksheet+xml`) +
            (s.notes ? override(`/xl/comments${i + 1}.xml`, `${CT}.comments+xml`) : ''),
        )
        .join('')}</Types>`,
    );
    await this.zip.add(
      'xl/_rels/workbook.xml.rels',
      `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">${rel('rId1', `${officeRel}styles`, 'styles.xml')}${sheets
        .map((_, i) => rel(`rId${i + 2}`, `${officeRel}worksheet`, `worksheets/sheet${i + 1}.xml`))
        .join('')}</Relationships>`,
    );
    await this.zip.add(
      'xl/workbook.xml',
      `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><bookViews><workbookView activeTab="0"/></bookViews><sheets>${sheets
        .map((s, i) => `<sheet name="${xmlAttr(s.name)}" sheetId="${i + 1}" r:id="rId${i + 2}"/>`)
        .join('')}</sheets></workbook>`,
    );
    await this.zip.finish();
  }

  /** Stops what is being deflated (a failed export). */
  destroy(): void {
    this.open?.destroy();
    this.open = null;
    this.zip.destroy();
  }
}
