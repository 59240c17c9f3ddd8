/**
 * A CSV reader for imports (RFC 4180 and what spreadsheets actually write): quoted fields with
 * doubled quotes, delimiters and line breaks inside quotes, a UTF-8 byte order mark, CRLF, LF or
 * CR line ends, and a `,`, `;` or tab delimiter (Excel in an Indonesian locale writes `;`),
 * detected from the header line. Blank lines are skipped; every row keeps the line it starts on,
 * so an error can name it.
 */
export type CsvDelimiter = ',' | ';' | '\t';

export interface CsvRow {
  /** The 1-based line of the file the row starts on. */
  line: number;
  cells: string[];
}

export type CsvResult =
  { ok: true; delimiter: CsvDelimiter; rows: CsvRow[] } | { ok: false; error: 'unclosedQuote'; line: number };

const DELIMITERS: readonly CsvDelimiter[] = [',', ';', '\t'];

/** The delimiter used most in the first line, outside quotes (a comma when there is none). */
function detectDelimiter(text: string): CsvDelimiter {
  const counts = new Map<CsvDelimiter, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const char of text) {
    if (char === '"') {
      quoted = !quoted;
    } else if (!quoted && (char === '\n' || char === '\r')) {
      break;
    } else if (!quoted && (char === ',' || char === ';' || char === '\t')) {
      counts.set(char, (counts.get(char) ?? 0) + 1);
    }
  }
  let best: CsvDelimiter = ',';
  for (const d of DELIMITERS) if ((counts.get(d) ?? 0) > (counts.get(best) ?? 0)) best = d;
  return best;
}

export function parseCsv(input: string): CsvResult {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const delimiter = detectDelimiter(text);
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let rowLine = 1;
  let quoted = false;
  let quoteLine = 1;

  const endRow = () => {
    cells.push(cell);
    // A blank line is one empty cell: skipped.
    if (cells.length > 1 || cells[0] !== '') rows.push({ line: rowLine, cells });
    cells = [];
    cell = '';
  };

  for (let i = 0; i < text.length; i++) {
    const char = text.charAt(i);
    if (quoted) {
      if (char === '"') {
        if (text.charAt(i + 1) === '"') {
          cell += '"';
          i++;
        } else {
          quoted = false;
        }
      } else {
        if (char === '\n' || (char === '\r' && text.charAt(i + 1) !== '\n')) line++;
        cell += char;
      }
      continue;
    }
    if (char === '"' && cell === '') {
      // A quote opens a quoted field only at its start; elsewhere it is text.
      quoted = true;
      quoteLine = line;
    } else if (char === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text.charAt(i + 1) === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else {
      cell += char;
    }
  }
  if (quoted) return { ok: false, error: 'unclosedQuote', line: quoteLine };
  if (cell !== '' || cells.length > 0) endRow();
  return { ok: true, delimiter, rows };
}
