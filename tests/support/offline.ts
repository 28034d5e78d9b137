/**
 * Offline, for a tool under test: every outgoing TCP connection (http, https, fetch: they all open
 * a net.Socket) fails at once and is recorded, so a test fails when a tool tries the network
 * instead of passing only because the machine has none. Loopback stays open only when asked (the
 * tests' own static server).
 */
import net from 'node:net';

export interface NetworkGuard {
  /** `host:port` of every connection refused, in order. */
  attempts: string[];
  restore(): void;
}

type ConnectArgs = Parameters<net.Socket['connect']>;

function target(args: readonly unknown[]): { host: string; port: string } {
  // connect(options, listener?), connect(port, host?, listener?), connect(path, listener?);
  // net.connect and undici pass one array, [options, listener].
  const [first, second] = args[0] && Array.isArray(args[0]) ? (args[0] as unknown[]) : args;
  if (first && typeof first === 'object') {
    const options = first as { host?: string; port?: number | string; path?: string };
    return { host: options.path ?? options.host ?? 'localhost', port: String(options.port ?? '') };
  }
  return { host: typeof second === 'string' ? second : 'localhost', port: String(first) };
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1']);

export function refuseNetwork(options: { allowLoopback?: boolean } = {}): NetworkGuard {
  const attempts: string[] = [];
  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function (this: net.Socket, ...args: ConnectArgs) {
    const { host, port } = target(args);
    if (options.allowLoopback && LOOPBACK.has(host)) return connect.apply(this, args);
    attempts.push(`${host}:${port}`);
    throw new Error(`offline: a connection to ${host}:${port} was refused (the test allows no network)`);
  } as net.Socket['connect'];
  return {
    attempts,
    restore: () => {
      net.Socket.prototype.connect = connect;
    },
  };
}
