/**
 * What dev and preview check before anything else in a request: one Host header, naming this server, and an
 * absolute-form target (`GET http://host/…`) naming it too; CONNECT (a proxy tunnel) is answered, not dropped.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { forbiddenHostMessage } from './host-check.js';
import type { RequestTarget } from './request-target.js';
import { plainAnswer, requestTarget } from './serve.js';

/** How many Host headers the request carries (Node keeps only the first in `req.headers`). */
const hostCount = (req: IncomingMessage) =>
  req.rawHeaders.filter((name, i) => i % 2 === 0 && name.toLowerCase() === 'host').length;

/**
 * The request's target once its host is allowed, or undefined once it has been answered: 400 for two Host
 * headers (which of them a proxy in front would use is anyone's guess) or a malformed target, 403 for a host
 * that is not this server's, whether in the Host header or in an absolute-form target, which overrides it.
 */
export function allowedTarget(
  req: IncomingMessage,
  res: ServerResponse,
  allowed: (host: string | undefined) => boolean,
  command: 'dev' | 'preview',
): RequestTarget | undefined {
  const forbid = (host: string | undefined) => {
    res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(forbiddenHostMessage(host, command));
  };
  if (hostCount(req) > 1) return void plainAnswer(res, 400, 'Bad request: more than one Host header');
  if (!allowed(req.headers.host)) return void forbid(req.headers.host);
  const target = requestTarget(req, res);
  if (target?.authority !== undefined && !allowed(target.authority)) return void forbid(target.authority);
  return target;
}

const CONNECT_ANSWER = 'Method not allowed: only GET and HEAD\n';

/** CONNECT asks for a tunnel, which Node hands to a 'connect' listener or drops unanswered: it is answered 405. */
export function refusesConnect<S extends Server>(server: S): S {
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    socket.on('error', () => {});
    socket.end(
      'HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD\r\nContent-Type: text/plain; charset=utf-8\r\n' +
        `Cache-Control: no-store\r\nContent-Length: ${Buffer.byteLength(CONNECT_ANSWER)}\r\nConnection: close\r\n\r\n` +
        CONNECT_ANSWER,
    );
  });
  return server;
}
