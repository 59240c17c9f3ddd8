import http from 'node:http';

export interface FakeRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  body: unknown;
}

/**
 * A local stand-in for the WhatsApp Cloud API (tests only): records every request and answers
 * what `respond` says (by default a sent message, `wamid.<n>`).
 */
export async function startFakeWhatsApp(): Promise<{
  url: string;
  requests: FakeRequest[];
  /** The next answers (null: back to the default success). */
  respond: (answer: { status: number; body: unknown } | null) => void;
  close: () => Promise<void>;
}> {
  const requests: FakeRequest[] = [];
  let answer: { status: number; body: unknown } | null = null;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
        body: text ? JSON.parse(text) : null,
      });
      const reply = answer ?? {
        status: 200,
        body: { messaging_product: 'whatsapp', messages: [{ id: `wamid.${requests.length}` }] },
      };
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('fake WhatsApp: no port');
  return {
    url: `http://127.0.0.1:${address.port}/v21.0`,
    requests,
    respond: (next) => {
      answer = next;
    },
    close: () => new Promise((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
