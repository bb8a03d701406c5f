import { Readable } from 'node:stream';

type CsvRow = (string | number | bigint | null)[];

/**
 * A CSV download a REST handler can return: the rows come from an async iterable (pages read
 * from the database one after another) and go out as they come, never built in memory.
 */
export class CsvFile {
  constructor(
    readonly filename: string,
    readonly header: string[],
    readonly rows: AsyncIterable<CsvRow> | Iterable<CsvRow>,
  ) {}

  /**
   * The file as a stream, once its first row has been read: what the rows check first (an
   * unknown project, a NUL in the search) and the first page's query fail here, before any
   * header is sent, so they are answered as errors instead of a 200 cut short.
   */
  async open(): Promise<Readable> {
    const { header } = this;
    const rows = this.rows;
    const iterator: AsyncIterator<CsvRow> | Iterator<CsvRow> =
      Symbol.asyncIterator in rows
        ? (rows as AsyncIterable<CsvRow>)[Symbol.asyncIterator]()
        : (rows as Iterable<CsvRow>)[Symbol.iterator]();
    const first = await iterator.next();
    return Readable.from(
      (async function* () {
        // A BOM so spreadsheet programs read UTF-8 titles correctly.
        yield `\uFEFF${csvLine(header)}`;
        for (let row = first; !row.done; row = await iterator.next()) yield csvLine(row.value);
      })(),
    );
  }
}

/** One CSV record (RFC 4180), CRLF-terminated. */
export function csvLine(values: (string | number | bigint | null)[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

function csvField(value: string | number | bigint | null): string {
  if (value === null) return '';
  let text = String(value);
  // Text a spreadsheet would run as a formula (=, +, -, @ first) is kept as text; numbers stay numbers.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Maps an async iterable (rows read in pages) to CSV values. */
export async function* mapRows<T>(
  rows: AsyncIterable<T>,
  map: (row: T) => (string | number | bigint | null)[],
): AsyncGenerator<(string | number | bigint | null)[]> {
  for await (const row of rows) yield map(row);
}
