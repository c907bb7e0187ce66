/**
 * The receiving end of the webhooks benchmark, in its own process: HTTPS on loopback with
 * the certificate in RECEIVER_KEY/RECEIVER_CERT, answering every POST with 204 after reading
 * the body, like a well-behaved webhook consumer.
 */
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';

const server = createServer(
  { key: process.env.RECEIVER_KEY, cert: process.env.RECEIVER_CERT },
  (req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(204);
      res.end();
    });
  },
);
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.send?.({ ready: `https://127.0.0.1:${port}` });
});
