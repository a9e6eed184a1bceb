// Times bench/lib/seed-rows.ts's PostgreSQL seed on a database of its own (decision 0045):
// node --import tsx bench/seed-trial.ts <rows> [name] (BENCH_DATABASE_URL / TEST_DATABASE_URL: the server).
// The database is made, seeded, timed step by step, then dropped (--keep: left for a look).
import { execSync } from 'node:child_process';
import { dropPostgres, seededPostgres } from './lib/seed-rows';

const rows = Number(process.argv[2] ?? 100_000);
const name = process.argv.find((a, i) => i > 2 && !a.startsWith('--')) ?? 'abode_seed_trial';
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
if (name.startsWith('abode_growth_')) throw new Error(`${name} is the growth bench's own database`);
const uptime = () => execSync('uptime').toString().trim();
console.log(`before: ${uptime()}`);
await dropPostgres(adminUrl, name);
const t0 = performance.now();
await seededPostgres(adminUrl, name, rows, (line) => console.log(line));
console.log(`${rows} rows seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
console.log(`after: ${uptime()}`);
if (!process.argv.includes('--keep')) await dropPostgres(adminUrl, name);
