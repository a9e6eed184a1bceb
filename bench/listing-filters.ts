// Listing filters (decision 0022): 10,000 homes and 10,000 decor items in SQLite; the public lists'
// filters as the list route runs them (typed repository + item mapping, in process), p50 and p95
// of each combination against a budget of 20 ms. In the same run, on the same file, two baselines:
// the whole list read and filtered in memory (what the issue rules out), and the same queries with
// the filter indexes dropped. With a build (dist/server), the same filters through HTTP as well.
// Run alone: node --import tsx bench/listing-filters.ts; with the others: npm run bench -- --only=filters.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { createDatabase, type DatabaseHandle } from '#server/db/database';
import { migrateToLatest } from '#server/db/migrate';
import type { Database } from '#server/db/schema';
import { addMonths, dayIn, filterProducts, filterProjects } from '#server/features/listings/listing-filters.service';
import { listingKinds } from '#server/features/listings/listing-kinds';
import { insertListing } from '#server/features/listings/listings.repository';
import { itemTexts, listItems } from '#server/features/listings/listings.service';
import { ContentCache } from '#server/lib/content-cache';
import { newId } from '#server/lib/ids';
import { filtersQuery, foldForSearch, type ProductFilters, type ProjectFilters } from '#shared/listings/listing-filters';
import { parseListingDate, type Product, type Project } from '#shared/listings/listings.contract';
import { bedroomsOf } from '#shared/matching/listing-match';
import { startAbode } from './lib/processes';
import { atMost, figure, type Figure } from './lib/report';

const HOMES = Number(process.env.BENCH_HOMES ?? 10_000);
const DECOR = Number(process.env.BENCH_DECOR ?? 10_000);
const ROUNDS = 60;
const WARMUP = 10;
const BUDGET_MS = 20;
const TIME_ZONE = 'Asia/Kolkata';

const CITIES = ['Bengaluru', 'Pune', 'Mumbai', 'Hyderabad', 'Chennai'];
const PLACES = ['Whitefield', 'Sarjapur Road', 'Baner', 'Hinjewadi', 'Powai', 'Worli', 'Gachibowli', 'Kondapur', 'Adyar', 'Velachery', 'Indiranagar', 'Wakad'];
/** 60 localities, as staff type them. */
const LOCALITIES = PLACES.flatMap((place) => CITIES.map((city) => `${place}, ${city}`)).slice(0, 60);
const UNITS = ['1 BHK', '2 BHK', '2 BHK', '3 BHK', '3 BHK', '3 BHK', '4 BHK', '4 BHK villa', '5 BHK penthouse', 'Studio'];
const TAGS = [
  'Living room',
  'Bedroom',
  'Balcony',
  'Boho',
  'Classic',
  'Scandinavian',
  'Industrial',
  'Modern minimal',
  'Contemporary Indian',
  'Reading corner',
  'Art deco',
  'Kids room',
];
const WORDS = ['teak', 'brass', 'cane', 'linen', 'sheesham', 'terracotta', 'marble', 'jute', 'velvet', 'rattan', 'oak', 'copper', 'cotton', 'mango wood'];
const THINGS = ['Sofa', 'Lamp', 'Chair', 'Rug', 'Planter', 'Clock', 'Table', 'Mirror', 'Shelf', 'Bench'];

/** The same numbers every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('-');

async function seed(db: Kysely<Database>, today: string): Promise<void> {
  const [image] = await db.selectFrom('images').select('hash').limit(1).execute();
  const imageHash = image?.hash ?? 'bench';
  if (!image)
    await db
      .insertInto('images')
      .values({ hash: imageHash, bytes: Buffer.from([0]), width: 1, height: 1, createdAt: new Date() })
      .execute();
  const rand = random(25);
  const project = listingKinds.project;
  const product = listingKinds.product;
  for (let start = 0; start < HOMES; start += 1000) {
    await db.transaction().execute(async (trx) => {
      for (let i = start; i < Math.min(HOMES, start + 1000); i++) {
        // Completion from two years ago to four years on.
        const ready = addMonths(today, Math.floor(rand() * 72) - 24);
        const input = {
          filename: 'home.jpg',
          name: `Home ${i}`,
          area: pick(rand, LOCALITIES),
          squareft: 400 + Math.round(rand() * 3600),
          dateofcomplition: ddmmyyyy(ready),
          sizeofunit: pick(rand, UNITS),
          gmaplink: '',
          price: rand() < 0.1 ? null : 2_500_000 + Math.round(rand() * 77_500) * 1000,
        };
        await insertListing(trx, project.table, {
          id: newId(),
          imageHash,
          filename: input.filename,
          fields: { ...project.toColumns(input), ...project.derive(input) },
        });
      }
    });
  }
  for (let start = 0; start < DECOR; start += 1000) {
    await db.transaction().execute(async (trx) => {
      for (let i = start; i < Math.min(DECOR, start + 1000); i++) {
        const tags = [...new Set([pick(rand, TAGS), pick(rand, TAGS), pick(rand, TAGS)].slice(0, 1 + Math.floor(rand() * 3)))];
        const input = {
          filename: 'decor.jpg',
          productname: `${pick(rand, THINGS)} ${i}`,
          description: `Made of ${pick(rand, WORDS)} and ${pick(rand, WORDS)}, finished by hand.`,
          price: 500 + Math.round(rand() * 250_000),
          tags,
        };
        const id = newId();
        await insertListing(trx, product.table, { id, imageHash, filename: input.filename, fields: { ...product.toColumns(input), ...product.derive(input) } });
        await product.afterWrite(trx, id, input);
      }
    });
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

/**
 * p50 and p95 of the wall time, and the process's CPU time per call: on a shared machine the wall
 * time also counts the time other processes held the CPU, the CPU time does not.
 */
async function timed(run: () => Promise<unknown>, rounds = ROUNDS): Promise<{ p50: number; p95: number; cpu: number }> {
  for (let i = 0; i < WARMUP; i++) await run();
  const times: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  const cpu = process.cpuUsage(cpuBefore);
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), cpu: (cpu.user + cpu.system) / 1000 / rounds };
}

const round = (ms: number) => Math.round(ms * 100) / 100;

/** The combinations measured: each a query a visitor can make, with how many rows it reads. */
const PROJECT_CASES: Array<{ name: string; filters: ProjectFilters; budget: boolean }> = [
  { name: 'locality', filters: { locality: LOCALITIES[7]! }, budget: true },
  { name: 'bhk=3', filters: { bhk: 3 }, budget: true },
  { name: 'locality + bhk, by price', filters: { locality: LOCALITIES[7]!, bhk: 3, sort: 'price' }, budget: true },
  { name: 'size range + ready in 6 months', filters: { minSqft: 1000, maxSqft: 1600, readyBy: '6m' }, budget: true },
  { name: 'ready in 12 months + price range, by -price', filters: { readyBy: '12m', minPrice: 5_000_000, maxPrice: 20_000_000, sort: '-price' }, budget: true },
  {
    name: 'every filter, by size',
    filters: { locality: LOCALITIES[3]!, bhk: 2, minSqft: 800, maxSqft: 2500, readyBy: '12m', minPrice: 3_000_000, maxPrice: 40_000_000, sort: 'size' },
    budget: true,
  },
  { name: 'bhk=3 + ready later, by price', filters: { bhk: 3, readyBy: 'later', sort: 'price' }, budget: true },
  // Every home, only in another order: the whole list, for scale (no filter, no budget).
  { name: 'no filter, by size (every home)', filters: { sort: 'size' }, budget: false },
];

const PRODUCT_CASES: Array<{ name: string; filters: ProductFilters; budget: boolean }> = [
  { name: 'tag', filters: { tag: 'Art deco' }, budget: true },
  { name: 'keyword', filters: { q: 'mango wood' }, budget: true },
  { name: 'tag + keyword + price, by price', filters: { tag: 'Boho', q: 'rattan', minPrice: 10_000, maxPrice: 100_000, sort: 'price' }, budget: true },
];

/** The same filters over the whole list in memory: the baseline the issue rules out. */
function inMemoryProjects(items: Project[], f: ProjectFilters, today: string): Project[] {
  const bound = { completed: today, '6m': addMonths(today, 6), '12m': addMonths(today, 12) } as const;
  const out = items.filter((p) => {
    const ready = parseListingDate(p.dateofcomplition)!;
    if (f.locality !== undefined && p.area !== f.locality) return false;
    if (f.bhk !== undefined && bedroomsOf(p.sizeofunit) !== f.bhk) return false;
    if (f.minSqft !== undefined && p.squareft < f.minSqft) return false;
    if (f.maxSqft !== undefined && p.squareft > f.maxSqft) return false;
    if (f.readyBy === 'later' ? ready <= bound['12m'] : f.readyBy !== undefined && ready > bound[f.readyBy]) return false;
    if (f.minPrice !== undefined && (p.price === null || p.price < f.minPrice)) return false;
    if (f.maxPrice !== undefined && (p.price === null || p.price > f.maxPrice)) return false;
    return true;
  });
  const price = (p: Project) => p.price ?? Number.POSITIVE_INFINITY;
  if (f.sort === 'price') out.sort((a, b) => price(a) - price(b));
  if (f.sort === '-price') out.sort((a, b) => (b.price ?? -1) - (a.price ?? -1));
  if (f.sort === 'size') out.sort((a, b) => a.squareft - b.squareft);
  return out;
}

function inMemoryProducts(items: Product[], f: ProductFilters): Product[] {
  const words = foldForSearch(f.q ?? '')
    .split(' ')
    .filter(Boolean);
  const tag = f.tag === undefined ? undefined : foldForSearch(f.tag);
  const out = items.filter((p) => {
    if (f.minPrice !== undefined && p.price < f.minPrice) return false;
    if (f.maxPrice !== undefined && p.price > f.maxPrice) return false;
    if (tag !== undefined && !p.tags.some((t) => foldForSearch(t) === tag)) return false;
    const text = foldForSearch([p.productname, p.description, ...p.tags].join(' '));
    return words.every((w) => text.includes(w));
  });
  if (f.sort === 'price') out.sort((a, b) => a.price - b.price);
  if (f.sort === '-price') out.sort((a, b) => b.price - a.price);
  return out;
}

const FILTER_INDEXES = ['projects_area', 'projects_bhk', 'projects_squareft', 'projects_ready', 'projects_price', 'products_price', 'products_search'];

export async function benchListingFilters(): Promise<Figure[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'abode-bench-filters-'));
  const file = path.join(dataDir, 'abode.sqlite');
  const open = async (): Promise<DatabaseHandle> => {
    const database = createDatabase({ dialect: 'sqlite', file });
    await migrateToLatest(database.db as Kysely<unknown>);
    return database;
  };
  const group = 'listing filters (sqlite)';
  const figures: Figure[] = [];
  const today = dayIn(TIME_ZONE, new Date());
  figures.push(
    figure(
      group,
      'load average (1 min) at start',
      Math.round(loadavg()[0]! * 10) / 10,
      '',
      undefined,
      'the wall times below include other processes on this machine',
    ),
  );
  let database = await open();
  try {
    const seeding = performance.now();
    await seed(database.db, today);
    figures.push(
      figure(
        group,
        `seed ${HOMES.toLocaleString('en-US')} homes + ${DECOR.toLocaleString('en-US')} decor items`,
        Math.round(performance.now() - seeding),
        'ms',
        undefined,
        'derived columns and tag rows written as staff writes do',
      ),
    );

    const db = database.db;
    const project = listingKinds.project;
    const product = listingKinds.product;
    // The app's content cache, as the list route has it: the items' JSON is written once per change.
    const cache = new ContentCache(db);
    const building = performance.now();
    await Promise.all([itemTexts(cache, db, project), itemTexts(cache, db, product)]);
    figures.push(
      figure(
        group,
        'items JSON of both kinds, made once per staff change',
        Math.round(performance.now() - building),
        'ms',
        undefined,
        'the whole lists (as before) and filtered answers share it',
      ),
    );
    const runs = [
      ...PROJECT_CASES.map((c) => ({ ...c, kind: 'homes', run: () => filterProjects(cache, db, project, c.filters, today) })),
      ...PRODUCT_CASES.map((c) => ({ ...c, kind: 'decor', run: () => filterProducts(cache, db, product, c.filters) })),
    ];
    const indexed = new Map<string, number>();
    for (const c of runs) {
      const { kind } = c;
      const rows = (JSON.parse(await c.run()) as unknown[]).length;
      const { p50, p95, cpu } = await timed(c.run);
      indexed.set(c.name, p50);
      const note = `${rows.toLocaleString('en-US')} rows; CPU ${round(cpu)} ms a query`;
      figures.push(figure(group, `${kind}: ${c.name} — p50`, round(p50), 'ms', c.budget ? atMost(p50, BUDGET_MS, `≤ ${BUDGET_MS} ms`) : undefined, note));
      figures.push(figure(group, `${kind}: ${c.name} — p95`, round(p95), 'ms', c.budget ? atMost(p95, BUDGET_MS, `≤ ${BUDGET_MS} ms`) : undefined));
    }

    // Baseline 1, same run, same file: the whole list read and filtered in memory.
    for (const c of PROJECT_CASES.filter((x) => x.budget).slice(0, 3)) {
      const { p50 } = await timed(async () => inMemoryProjects(await listItems(db, project), c.filters, today).length, 20);
      figures.push(
        figure(
          group,
          `baseline, whole list read and filtered in memory: homes ${c.name} — p50`,
          round(p50),
          'ms',
          undefined,
          `${(p50 / indexed.get(c.name)!).toFixed(1)}× the query`,
        ),
      );
    }
    for (const c of PRODUCT_CASES.slice(0, 2)) {
      const { p50 } = await timed(async () => inMemoryProducts(await listItems(db, product), c.filters).length, 20);
      figures.push(
        figure(
          group,
          `baseline, whole list read and filtered in memory: decor ${c.name} — p50`,
          round(p50),
          'ms',
          undefined,
          `${(p50 / indexed.get(c.name)!).toFixed(1)}× the query`,
        ),
      );
    }

    // Through the built server, when there is one: the same answers as a visitor's page gets them.
    if (existsSync('dist/server/server.js')) {
      await database.close();
      const server = await startAbode({ DATA_DIR: dataDir, DATABASE_URL: '' });
      try {
        for (const c of PROJECT_CASES.filter((x) => x.budget).slice(0, 3)) {
          const url = `${server.url}/api/project/get?${filtersQuery('project', c.filters)}`;
          const { p50, p95 } = await timed(async () => {
            const res = await fetch(url);
            if (!res.ok) throw new Error(`${url}: ${res.status}`);
            return ((await res.json()) as unknown[]).length;
          }, 30);
          figures.push(figure(group, `HTTP GET /api/project/get, ${c.name} — p50`, round(p50), 'ms', undefined, `p95 ${round(p95)} ms, JSON included`));
        }
      } finally {
        await server.stop();
      }
      database = await open();
    }

    // Baseline 2, same run, same file: the same queries without the filter indexes.
    for (const index of FILTER_INDEXES) await database.db.schema.dropIndex(index).execute();
    const plain = database.db;
    const plainCache = new ContentCache(plain);
    for (const c of PROJECT_CASES.filter((x) => x.budget)) {
      const { p50 } = await timed(() => filterProjects(plainCache, plain, project, c.filters, today), 20);
      figures.push(
        figure(
          group,
          `baseline, no filter indexes: homes ${c.name} — p50`,
          round(p50),
          'ms',
          undefined,
          `${(p50 / indexed.get(c.name)!).toFixed(1)}× with them`,
        ),
      );
    }
  } finally {
    await database.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { printTable } = await import('./lib/report');
  const figures = await benchListingFilters();
  printTable(figures);
  const failed = figures.filter((f) => f.pass === false);
  console.log(failed.length ? `\n${failed.length} figure(s) over budget.` : '\nEvery budget holds.');
}
