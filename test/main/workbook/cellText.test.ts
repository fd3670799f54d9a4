import { describe, expect, it } from 'vitest';
import {
  cellValueToText,
  dateToIso,
  excelCellText,
  excelErrorOf,
  EXCEL_ERRORS,
  isScientificFormat,
  formatGeneral,
  formatNumber,
  isDateFormat,
  serialToDate,
} from '../../../src-main/workbook/cellText';

describe('cell text', () => {
  it('renders numbers with the formats identifiers and amounts use', () => {
    expect(formatNumber(123, '00000')).toBe('00123');
    expect(formatNumber(123, '000000')).toBe('000123');
    expect(formatNumber(1234.5, '0.00')).toBe('1234.50');
    expect(formatNumber(1234567.891, '#,##0.00')).toBe('1,234,567.89');
    expect(formatNumber(-42, '#,##0')).toBe('-42');
    expect(formatNumber(0.125, '0%')).toBe('13%');
    expect(formatNumber(7, '"DE-"00000')).toBe('DE-00007');
    expect(formatNumber(5, '0 "Jahre"')).toBe('5 Jahre');
    expect(formatNumber(5, '[Red]0;[Blue]-0')).toBe('5');
    // Beyond this renderer: shown as General rather than wrongly.
    expect(formatNumber(12345, '0.00E+00')).toBe('12345');
    expect(formatNumber(0.5, '# ?/?')).toBe('0.5');
  });

  it('shows General numbers with all their digits and without float noise', () => {
    expect(formatGeneral(4711)).toBe('4711');
    expect(formatGeneral(123456789012345)).toBe('123456789012345');
    expect(formatGeneral(0.1 + 0.2)).toBe('0.3');
    expect(formatGeneral(-1.5)).toBe('-1.5');
    expect(formatGeneral(Number.NaN)).toBe('');
  });

  it('recognises date formats and writes ISO dates', () => {
    expect(isDateFormat('dd.mm.yyyy')).toBe(true);
    expect(isDateFormat('m/d/yy h:mm')).toBe(true);
    expect(isDateFormat('[$-407]dddd, d. mmmm yyyy')).toBe(true);
    expect(isDateFormat('0.00')).toBe(false);
    expect(isDateFormat('"Day" 0')).toBe(false);
    expect(isDateFormat('General')).toBe(false);
    expect(dateToIso(serialToDate(46349))).toBe('2026-11-23');
    expect(dateToIso(serialToDate(46349.75))).toBe('2026-11-23 18:00');
    expect(dateToIso(serialToDate(0.5))).toBe('12:00');
    expect(dateToIso(serialToDate(44887, true))).toBe('2026-11-23');
    expect(cellValueToText(46349, 'dd.mm.yyyy').text).toBe('2026-11-23');
  });

  it('reads formulas, rich text, hyperlinks, booleans and errors as shown', () => {
    expect(cellValueToText({ formula: 'A1*2', result: 84 }, undefined)).toEqual({ text: '84' });
    expect(cellValueToText({ formula: 'A1', result: 42 }, '00000')).toEqual({ text: '00042' });
    expect(cellValueToText({ formula: 'TODAY()', result: 46349 }, 'yyyy-mm-dd')).toEqual({
      text: '2026-11-23',
      mark: 'date',
    });
    expect(cellValueToText({ sharedFormula: 'B2', result: 'x' }, undefined)).toEqual({ text: 'x' });
    expect(cellValueToText({ formula: 'ISBLANK(A1)', result: true }, undefined)).toEqual({
      text: 'TRUE',
    });
    expect(cellValueToText({ formula: 'VLOOKUP()', result: { error: '#N/A' } }, undefined)).toEqual(
      { text: '#N/A', error: true, mark: 'error' },
    );
    expect(cellValueToText({ richText: [{ text: 'a' }, { text: 'b' }] }, undefined)).toEqual({
      text: 'ab',
    });
    expect(cellValueToText({ text: 'site', hyperlink: 'https://x' }, undefined)).toEqual({
      text: 'site',
    });
    expect(cellValueToText({ error: '#REF!' }, undefined)).toEqual({
      text: '#REF!',
      error: true,
      mark: 'error',
    });
    expect(cellValueToText(null, undefined)).toEqual({ text: '' });
    expect(cellValueToText(' 007 ', '@')).toEqual({ text: ' 007 ' });
  });

  it('marks what the text does not say: dates, scientific and long numbers, errors', () => {
    expect(cellValueToText(new Date(Date.UTC(2024, 0, 5)), undefined)).toEqual({
      text: '2024-01-05',
      mark: 'date',
    });
    expect(isScientificFormat('0.00E+00')).toBe(true);
    expect(isScientificFormat('##0.0E+0')).toBe(true);
    expect(isScientificFormat('"E+"0')).toBe(false);
    expect(isScientificFormat('0.00')).toBe(false);
    expect(cellValueToText(123456789012, '0.00E+00')).toEqual({
      text: '123456789012',
      mark: 'scientific',
    });
    expect(cellValueToText(Number('12345678901234567890'), undefined)).toEqual({
      text: '12345678901234567168',
      mark: 'long_number',
    });
    expect(cellValueToText(999999999999999, undefined)).toEqual({ text: '999999999999999' });
    // The streaming reader keeps a formula's error result as NaN and leaves out results that
    // are 0 or FALSE from `value`; the cell's own `result` still has them.
    expect(excelCellText({ value: { formula: '1/0' }, result: Number.NaN })).toEqual({
      text: '',
      error: true,
      mark: 'error',
    });
    expect(excelCellText({ value: { formula: 'A1-A1' }, result: 0 })).toEqual({ text: '0' });
    expect(excelCellText({ value: { formula: 'A1' } })).toEqual({ text: '' });
  });

  it('knows every Excel error literal', () => {
    for (const e of ['#NULL!', '#DIV/0!', '#VALUE!', '#REF!', '#NAME?', '#NUM!', '#N/A']) {
      expect(excelErrorOf(e)).toBe(e);
    }
    for (const e of ['#GETTING_DATA', '#SPILL!', '#CALC!', '#FIELD!', '#BLOCKED!', '#CONNECT!']) {
      expect(excelErrorOf(` ${e.toLowerCase()} `)).toBe(e);
    }
    expect(EXCEL_ERRORS.size).toBe(16);
    expect(excelErrorOf('#1')).toBeNull();
    expect(excelErrorOf('N/A')).toBeNull();
    expect(excelErrorOf('#N/A ok')).toBeNull();
  });
});
