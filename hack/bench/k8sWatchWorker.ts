/**
 * A client process for the watch fan-out benchmark: opens its share of the watches and reports
 * when they are connected and when each received the MODIFIED event, as epoch milliseconds
 * (performance.timeOrigin + now, comparable across processes on one machine). Spreading the
 * watchers over several processes measures the server's fan-out, not one client event loop
 * draining a hundred sockets in turn.
 */
import http from 'node:http';
import { watch, type Watcher } from './k8sWatch.js';

interface Open {
  cmd: 'open';
  port: number;
  path: string;
  headers: Record<string, string>;
  name: string;
  count: number;
}

const epoch = (t: number) => performance.timeOrigin + t;
let watchers: Watcher[] = [];
const agent = new http.Agent({ keepAlive: true, maxSockets: 200 });

process.on('message', (m: Open | { cmd: 'close' } | { cmd: 'exit' }) => {
  if (m.cmd === 'open') {
    watchers = Array.from({ length: m.count }, () =>
      watch({ agent, port: m.port, path: m.path, headers: m.headers, name: m.name }),
    );
    Promise.all(watchers.map((w) => w.connected))
      .then(() => process.send?.({ type: 'connected' }))
      .catch((error: unknown) => process.send?.({ type: 'error', error: String(error) }));
    Promise.all(watchers.map((w) => w.modified))
      .then((times) => process.send?.({ type: 'modified', times: times.map(epoch) }))
      .catch(() => undefined);
  } else if (m.cmd === 'close') {
    for (const w of watchers) w.close();
    watchers = [];
  } else {
    agent.destroy();
    process.exit(0);
  }
});
process.send?.({ type: 'ready' });
