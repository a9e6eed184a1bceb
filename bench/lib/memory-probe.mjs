// Preloaded into a server (node --import ./bench/lib/memory-probe.mjs dist/server/server.js): its memory
// (process.memoryUsage, V8 heap spaces committed/used, VmHWM) on SIGUSR2 and every 10 s, to stderr (decision 0061).
import v8 from 'node:v8';
import { readFileSync } from 'node:fs';
const mb = (n) => (n / 1048576).toFixed(1);
function report(tag) {
  const m = process.memoryUsage();
  const status = readFileSync('/proc/self/status', 'utf8');
  const hwm = /VmHWM:\s+(\d+)/.exec(status)[1] / 1024;
  const spaces = v8
    .getHeapSpaceStatistics()
    .map((s) => `${s.space_name.replace('_space', '')}=${mb(s.space_size)}/${mb(s.space_used_size)}`)
    .join(' ');
  process.stderr.write(
    `[probe ${tag}] rss=${mb(m.rss)} hwm=${hwm.toFixed(1)} heapTotal=${mb(m.heapTotal)} heapUsed=${mb(m.heapUsed)} external=${mb(m.external)} arrayBuffers=${mb(m.arrayBuffers)} | ${spaces}\n`,
  );
}
process.on('SIGUSR2', () => report('signal'));
setInterval(() => report('tick'), 10_000).unref();
