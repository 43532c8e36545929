/** Bound parameters for hand-written queries: every value a client sends is a placeholder. */
export class Sql {
  readonly params: unknown[] = [];

  bind(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }
}
