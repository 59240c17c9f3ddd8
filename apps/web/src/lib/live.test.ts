import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveConnection } from './live';

class FakeSocket {
  static instances: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((m: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

function setup() {
  FakeSocket.instances = [];
  vi.stubGlobal('WebSocket', { OPEN: 1 });
  const connection = new LiveConnection({
    url: 'ws://test/api/v1/live',
    socketFactory: (url) => new FakeSocket(url) as unknown as WebSocket,
    backoffBaseMs: 1,
    backoffCapMs: 1,
  });
  const socket = () => {
    const s = FakeSocket.instances.at(-1);
    if (!s) throw new Error('no socket');
    return s;
  };
  return { connection, socket };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('LiveConnection', () => {
  it('subscribes on open, applies the snapshot and then events in order, ignoring replays', () => {
    const { connection, socket } = setup();
    const seen: string[] = [];
    connection.subscribe('display:D1', {
      onSnapshot: (_d, seq) => seen.push(`snapshot@${seq}`),
      onEvent: (type, _d, seq) => seen.push(`${type}@${seq}`),
    });
    socket().open();
    expect(socket().sent).toContainEqual({ type: 'subscribe', topics: ['display:D1'] });
    socket().receive({ type: 'snapshot', topic: 'display:D1', seq: 4, epoch: 'e1', data: {} });
    socket().receive({ type: 'ticket.called', topic: 'display:D1', seq: 4, data: {} });
    socket().receive({ type: 'ticket.called', topic: 'display:D1', seq: 5, data: {} });
    expect(seen).toEqual(['snapshot@4', 'ticket.called@5']);
    connection.close();
  });

  it('asks for a fresh snapshot on a gap instead of guessing', () => {
    const { connection, socket } = setup();
    const seen: string[] = [];
    connection.subscribe('branch:B', {
      onSnapshot: (_d, seq) => seen.push(`s${seq}`),
      onEvent: (_t, _d, seq) => seen.push(`e${seq}`),
    });
    socket().open();
    socket().receive({ type: 'snapshot', topic: 'branch:B', seq: 1, epoch: 'e', data: {} });
    socket().sent = [];
    socket().receive({ type: 'ticket.issued', topic: 'branch:B', seq: 3, data: {} });
    expect(seen).toEqual(['s1']);
    expect(socket().sent).toEqual([{ type: 'subscribe', topics: ['branch:B'] }]);
    connection.close();
  });

  it('reconnects and resumes with lastSeq and epoch, reporting offline meanwhile', async () => {
    vi.useFakeTimers();
    const { connection, socket } = setup();
    const statuses: string[] = [];
    connection.onStatus((s) => statuses.push(s));
    connection.subscribe('display:D1', { onSnapshot: () => undefined, onEvent: () => undefined });
    socket().open();
    socket().receive({ type: 'snapshot', topic: 'display:D1', seq: 7, epoch: 'ep', data: {} });
    const first = socket();
    first.close();
    expect(connection.getStatus()).toBe('offline');
    await vi.advanceTimersByTimeAsync(5);
    const second = socket();
    expect(second).not.toBe(first);
    second.open();
    expect(second.sent).toContainEqual({
      type: 'subscribe',
      topics: ['display:D1'],
      lastSeq: { 'display:D1': 7 },
      epoch: 'ep',
    });
    expect(statuses).toEqual(['online', 'offline', 'online']);
    connection.close();
  });
});
