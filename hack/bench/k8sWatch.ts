/**
 * A minimal /k8s watch client for the benchmark: one node:http request on a keep-alive agent,
 * the newline-delimited JSON stream parsed as it arrives, and the arrival time of the first
 * MODIFIED event for one object.
 */
import http from 'node:http';

export interface Watcher {
  /** performance.now() when the response headers came: the server has subscribed the watch. */
  connected: Promise<number>;
  /** performance.now() when the chunk holding the MODIFIED event for `name` arrived. */
  modified: Promise<number>;
  close(): void;
}

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Whoever awaits the promise sees the failure; an unawaited one must not crash the process.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

export function watch(opts: {
  agent: http.Agent;
  port: number;
  path: string;
  headers: Record<string, string>;
  name: string;
}): Watcher {
  const connected = deferred<number>();
  const modified = deferred<number>();
  const fail = (error: Error) => {
    connected.reject(error);
    modified.reject(error);
  };
  const req = http.get(
    {
      host: '127.0.0.1',
      port: opts.port,
      path: opts.path,
      headers: opts.headers,
      agent: opts.agent,
    },
    (res) => {
      if (res.statusCode !== 200) {
        fail(new Error(`the watch answered ${res.statusCode}`));
        res.resume();
        return;
      }
      connected.resolve(performance.now());
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        const at = performance.now(); // before parsing: the client's own work is not the server's
        buffer += chunk;
        let nl: number;
        while ((nl = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, nl);
          buffer = buffer.slice(nl + 1);
          if (!line.trim()) continue;
          const event = JSON.parse(line) as {
            type: string;
            object?: { metadata?: { name?: string } };
          };
          if (event.type === 'MODIFIED' && event.object?.metadata?.name === opts.name)
            modified.resolve(at);
        }
      });
      res.on('end', () => fail(new Error('the watch ended before the MODIFIED event')));
      res.on('error', fail);
    },
  );
  req.on('error', fail);
  return {
    connected: connected.promise,
    modified: modified.promise,
    close: () => {
      fail(new Error('closed'));
      req.destroy();
    },
  };
}
