// A shard of display clients for the call-to-display benchmark, in its own process (forked by
// bench/call-to-display.mjs; talks over IPC).
//
// connect: opens `count` WebSockets to /api/v1/live, each subscribing to one display topic,
// and reports when every one has its snapshot. Then, for every `ticket.called` event, it records
// when each of its subscribers of that topic received it (process.hrtime = CLOCK_MONOTONIC, the
// same clock as the driver's send stamp) and, once all of them have, reports the LAST receive
// time: { type: 'recv', key: `${topic}|${ticketId}`, lastNs, n }.
import WebSocket from 'ws';

let sockets = [];
/** topic → number of this shard's sockets subscribed to it */
const perTopic = new Map();
/** `${topic}|${ticketId}` → { n, lastNs } for called events not yet seen by all subscribers */
const partial = new Map();
const stats = { snapshots: 0, errors: 0, errorFrames: 0, closed: 0, frames: 0, byType: {}, seqGaps: 0 };

const nowNs = () => process.hrtime.bigint();

function onFrame(socket, raw) {
  const at = nowNs();
  stats.frames++;
  let frame;
  try {
    frame = JSON.parse(raw.toString());
  } catch {
    stats.errors++;
    return;
  }
  stats.byType[frame.type] = (stats.byType[frame.type] ?? 0) + 1;
  if (frame.type === 'snapshot') {
    socket.lastSeq = frame.seq;
    socket.onSnapshot?.();
    return;
  }
  if (frame.type === 'error') {
    stats.errorFrames++;
    socket.onSnapshot?.(new Error(`${frame.code}: ${frame.message}`));
    return;
  }
  if (typeof frame.seq === 'number') {
    if (socket.lastSeq !== undefined && frame.seq !== socket.lastSeq + 1) stats.seqGaps++;
    socket.lastSeq = frame.seq;
  }
  if (frame.type !== 'ticket.called') return;
  const key = `${frame.topic}|${frame.data?.ticket?.id}`;
  const entry = partial.get(key) ?? { n: 0, lastNs: 0n };
  entry.n++;
  if (at > entry.lastNs) entry.lastNs = at;
  if (entry.n >= (perTopic.get(frame.topic) ?? Infinity)) {
    partial.delete(key);
    process.send({ type: 'recv', key, lastNs: String(entry.lastNs), n: entry.n });
  } else {
    partial.set(key, entry);
  }
}

function open(url, topic) {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    let settled = false;
    const done = (error) => {
      if (settled) return;
      settled = true;
      socket.onSnapshot = undefined;
      resolve(error ? { socket, error } : { socket });
    };
    const timer = setTimeout(() => done(new Error('timeout')), 120_000);
    socket.onSnapshot = (error) => {
      clearTimeout(timer);
      if (!error) stats.snapshots++;
      done(error);
    };
    socket.on('open', () => socket.send(JSON.stringify({ type: 'subscribe', topics: [topic] })));
    socket.on('message', (raw) => onFrame(socket, raw));
    socket.on('error', (error) => {
      stats.errors++;
      clearTimeout(timer);
      done(error);
    });
    socket.on('close', () => {
      stats.closed++;
      clearTimeout(timer);
      done(new Error('closed'));
    });
  });
}

async function connect({ url, topics, concurrency }) {
  const started = performance.now();
  let next = 0;
  const failures = [];
  const worker = async () => {
    while (next < topics.length) {
      const topic = topics[next++];
      const { socket, error } = await open(url, topic);
      if (error) {
        failures.push(String(error.message ?? error));
      } else {
        sockets.push(socket);
        perTopic.set(topic, (perTopic.get(topic) ?? 0) + 1);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return {
    clients: sockets.length,
    failed: failures.length,
    failures: failures.slice(0, 5),
    ms: performance.now() - started,
  };
}

process.on('message', async (message) => {
  switch (message.type) {
    case 'connect':
      process.send({ type: 'connected', ...(await connect(message)) });
      break;
    case 'flush': {
      // Called events some subscriber never received (or not yet).
      const incomplete = [...partial.entries()].map(([key, e]) => ({
        key,
        n: e.n,
        lastNs: String(e.lastNs),
      }));
      process.send({ type: 'flushed', incomplete, stats, memoryMB: process.memoryUsage().rss / 1024 / 1024 });
      break;
    }
    case 'close':
      for (const s of sockets) s.terminate();
      sockets = [];
      process.send({ type: 'closed' });
      setTimeout(() => process.exit(0), 50);
      break;
    default:
      break;
  }
});
process.send({ type: 'ready' });
