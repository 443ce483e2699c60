/**
 * A long list answer rendered while it is written (see sendJson in src/emulator/http.ts): the
 * route hands over the rows it selected and how to render them, and the elements are rendered a
 * slice at a time as they go out, instead of all before the first byte. `JSON.stringify` of a
 * RenderedList gives the whole array, so any other path still answers the same bytes.
 * The rows are a snapshot: a write replaces a stored row object, it never changes one.
 */
export class RenderedList<Row = unknown> {
  constructor(
    private readonly rows: readonly Row[],
    private readonly render: (row: Row) => unknown,
  ) {}

  get length(): number {
    return this.rows.length;
  }

  /** The rendered elements in [from, to). */
  slice(from: number, to: number): unknown[] {
    return this.rows.slice(from, to).map((row) => this.render(row));
  }

  toJSON(): unknown[] {
    return this.slice(0, this.rows.length);
  }
}
