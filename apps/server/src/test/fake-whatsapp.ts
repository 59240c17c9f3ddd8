import http from 'node:http';

export interface FakeRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  body: unknown;
}

/** One answer of the fake: a status and JSON body (and headers), or `hang`: never answer. */
export type FakeAnswer =
  { status: number; body: unknown; headers?: Record<string, string>; delayMs?: number } | { hang: true };

/**
 * A local stand-in for the WhatsApp Cloud API (tests only), a real HTTP server on a random port:
 * records every request and answers the next queued answer (`queue`), else what `respond` set,
 * else a sent message (`wamid.<n>`).
 */
export async function startFakeWhatsApp(): Promise<{
  url: string;
  requests: FakeRequest[];
  /** The answer from now on (null: back to the default success). */
  respond: (answer: FakeAnswer | null) => void;
  /** One-shot answers, used in order before the standing one. */
  queue: (...answers: FakeAnswer[]) => void;
  close: () => Promise<void>;
}> {
  const requests: FakeRequest[] = [];
  let standing: FakeAnswer | null = null;
  const queued: FakeAnswer[] = [];
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
      const reply = queued.shift() ??
        standing ?? {
          status: 200,
          body: { messaging_product: 'whatsapp', messages: [{ id: `wamid.${requests.length}` }] },
        };
      if ('hang' in reply) return;
      const answer = () => {
        res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
        res.end(JSON.stringify(reply.body));
      };
      if (reply.delayMs) setTimeout(answer, reply.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('fake WhatsApp: no port');
  return {
    url: `http://127.0.0.1:${address.port}/v21.0`,
    requests,
    respond: (next) => {
      standing = next;
    },
    queue: (...answers) => {
      queued.push(...answers);
    },
    close: () =>
      new Promise((resolve, reject) => {
        server.close((e) => (e ? reject(e) : resolve()));
        // A hanging answer keeps its connection: end it so the server can close.
        server.closeAllConnections();
      }),
  };
}
