// CSV (RFC 4180) for exports opened in spreadsheets: quoted where needed, formulas defused.
const NEEDS_QUOTES = /[",\r\n]/;
// A cell starting like a formula would run in Excel or LibreOffice (CSV injection); a leading apostrophe
// makes it text, as OWASP recommends.
const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvValue = string | number | boolean | null;

export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record, ended with CRLF. */
export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
