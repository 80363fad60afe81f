import net from 'node:net';
import type { AddressInfo } from 'node:net';

/** A server that speaks just enough of PostgreSQL's protocol to refuse every connection with `code`. */
export async function startRefusingPostgres(code: string, message: string): Promise<{ port: number; close(): void }> {
  const server = net.createServer((socket) => {
    socket.once('data', () => {
      const fields = Buffer.concat(
        [
          ['S', 'FATAL'],
          ['V', 'FATAL'],
          ['C', code],
          ['M', message],
        ].map(([type, value]) => Buffer.concat([Buffer.from(type!), Buffer.from(`${value}\0`)])),
      );
      const body = Buffer.concat([fields, Buffer.from([0])]);
      const header = Buffer.alloc(5);
      header.write('E', 0);
      header.writeInt32BE(body.length + 4, 1);
      socket.end(Buffer.concat([header, body]));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, close: () => server.close() };
}
