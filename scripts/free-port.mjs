// One helper for every test and tool that starts a server of its own (the API's process tests, the
// browser tests' global setup, the start smoke test and the benchmark).
import net from 'node:net';

/** A port nothing listens on right now, on the loopback interface. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
