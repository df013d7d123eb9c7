// A loopback proxy in front of the simulator that can lose an answer after the API acted (and
// charged): for the next `state.lose` requests whose path matches, the simulator's answer is
// read and the connection cut instead of passing it on.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** `onLost` runs as an answer is lost, before the connection is cut (a test that needs the lost call charged charges it there). */
export async function lossyProxy(target: string, matches: (pathname: string, method: string) => boolean, onLost?: () => void) {
  const state = { lose: 0, lost: 0 };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', target);
    const lose = matches(url.pathname, req.method ?? 'GET') && state.lose > 0;
    if (lose) state.lose--;
    const upstream = http.request(url, { method: req.method, headers: { ...req.headers, host: url.host } }, (answer) => {
      if (lose) {
        answer.resume();
        answer.on('end', () => {
          state.lost++;
          onLost?.();
          req.socket.destroy();
        });
        return;
      }
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => req.socket.destroy());
    req.pipe(upstream);
  });
  return { ...(await onLoopback(server)), state };
}

/** Starts a proxy's server on a loopback port: its address, and how to close it (connections and all). */
export async function onLoopback(server: http.Server): Promise<{ url: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
