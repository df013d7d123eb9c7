// A loopback proxy in front of the simulator that rewrites the JSON answers of matching requests
// (the simulator acted, charged and answered; the proxy changes what the client reads): an API
// answering with a field no real answer has, such as a 15 MB username.
import http from 'node:http';
import { onLoopback } from './lossyProxy';

/** `rewrite` gets each matching answer parsed and returns what the client receives instead (as JSON). */
export async function rewritingProxy(target: string, matches: (pathname: string, method: string) => boolean, rewrite: (json: unknown) => unknown) {
  const state = { rewritten: 0 };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', target);
    const change = matches(url.pathname, req.method ?? 'GET');
    // Plain text back, so the proxy can read the answer it rewrites.
    const { 'accept-encoding': _encoding, ...headers } = req.headers;
    const upstream = http.request(url, { method: req.method, headers: { ...headers, host: url.host } }, (answer) => {
      if (!change) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        let body = Buffer.concat(chunks);
        if ((answer.statusCode ?? 500) < 300) {
          body = Buffer.from(JSON.stringify(rewrite(JSON.parse(body.toString('utf8')))));
          state.rewritten++;
        }
        const { 'content-length': _length, 'transfer-encoding': _transfer, ...rest } = answer.headers;
        res.writeHead(answer.statusCode ?? 502, { ...rest, 'content-length': body.length });
        res.end(body);
      });
    });
    upstream.on('error', () => req.socket.destroy());
    req.pipe(upstream);
  });
  return { ...(await onLoopback(server)), state };
}
