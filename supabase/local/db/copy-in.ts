// COPY ... FROM STDIN through node-pg, without a dependency: a Submittable (node-pg's extension point
// for custom protocol flows) that streams text chunks to the server, waiting for the socket to drain.
// The bulk seed uses it: COPY parses and inserts rows several times faster than INSERT ... SELECT.
import { once } from 'node:events';
import type pg from 'pg';

/** The parts of node-pg's connection a COPY needs (pg/lib/connection.js). */
interface CopyConnection {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
  sendCopyFail(message: string): void;
  stream: NodeJS.WritableStream & { writableNeedDrain?: boolean };
}

export type CopySource = Iterable<string> | AsyncIterable<string>;

class CopyIn implements pg.Submittable {
  readonly done: Promise<number>;
  private resolve!: (rows: number) => void;
  private reject!: (err: unknown) => void;
  private rows = 0;
  private failure: unknown = null;

  constructor(
    private readonly text: string,
    private readonly source: CopySource,
  ) {
    this.done = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  submit(connection: pg.Connection): void {
    (connection as unknown as CopyConnection).query(this.text);
  }

  handleCopyInResponse(connection: CopyConnection): void {
    void this.pump(connection);
  }

  private async pump(connection: CopyConnection): Promise<void> {
    try {
      for await (const chunk of this.source) {
        if (this.failure) return; // the server refused a row: it ignores the rest until ReadyForQuery
        connection.sendCopyFromChunk(Buffer.from(chunk, 'utf8'));
        if (connection.stream.writableNeedDrain) await once(connection.stream, 'drain');
      }
      connection.endCopyFrom();
    } catch (err) {
      // The rows could not be made: abort the COPY (the server answers with an error, then ReadyForQuery).
      this.failure = err;
      connection.sendCopyFail(err instanceof Error ? err.message : String(err));
    }
  }

  handleCommandComplete(msg: { text?: string }): void {
    this.rows = Number(/^COPY (\d+)/.exec(msg.text ?? '')?.[1] ?? 0);
  }

  handleError(err: unknown): void {
    this.failure ??= err;
    this.reject(this.failure);
  }

  handleReadyForQuery(): void {
    if (this.failure) this.reject(this.failure);
    else this.resolve(this.rows);
  }

  // Messages a COPY FROM never gets, but node-pg may call on any active query.
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyData(): void {}
}

/** Runs `copy <table> (...) from stdin` on one client, sending the source's text; resolves with the row count. */
export async function copyIn(client: Pick<pg.PoolClient, 'query'>, sql: string, source: CopySource): Promise<number> {
  const copy = new CopyIn(sql, source);
  await client.query(copy);
  return copy.done;
}
