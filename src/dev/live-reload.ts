import type { IncomingMessage, ServerResponse } from 'node:http';

/** What the browser's error overlay shows, or null to hide it. */
export type ErrorEvent = { message: string; details: string[] } | null;

/** The dev client's event stream: each open tab's connection, and the events sent to all of them. */
export class LiveReload {
  private readonly clients = new Set<ServerResponse>();

  /** Sends `event` to every open tab (`css`, `reload` or `error-state`; client.ts reads them). */
  send = (event: string, data: unknown): void => {
    for (const res of this.clients) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };

  /** Answers a tab's request for the event stream, starting with the current error state. */
  connect(req: IncomingMessage, res: ServerResponse, state: ErrorEvent): void {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
    });
    res.write(`event: error-state\ndata: ${JSON.stringify(state)}\n\n`);
    this.clients.add(res);
    req.on('close', () => this.clients.delete(res));
  }

  /** Ends every stream, so the server can close. */
  close(): void {
    for (const res of this.clients) res.end();
    this.clients.clear();
  }
}
