// Process entry: read the configuration, prepare the database, serve, and stop cleanly on SIGTERM.
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { seedDemoContent } from './db/seed';
import { bootstrapStaff } from './features/auth/bootstrap';

const SHUTDOWN_GRACE_MS = 9_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp(config);
  const staff = await bootstrapStaff(app.db, config);
  const seeded = config.seedDemo && (await seedDemoContent(app.db, app.database.dialect));
  await app.ready();

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // Keep-alive connections that finish their request after close() began would otherwise linger
    // until their keep-alive timeout: close each one as soon as it is idle.
    setInterval(() => app.server.closeIdleConnections(), 50).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  const address = await app.listen({ port: config.port, host: config.host });
  const where = config.database.dialect === 'sqlite' ? `SQLite at ${config.database.file}` : 'PostgreSQL';
  const local = `http://localhost:${(app.server.address() as { port: number }).port}`;
  const lines = [``, `  Abode is serving on ${local} (${address}), data in ${where}`];
  if (staff?.generatedPassword) {
    lines.push(`  First staff login, shown only this once:`, `    e-mail:   ${staff.email}`, `    password: ${staff.generatedPassword}`);
    lines.push(`  Change it with: npm run staff -- passwd ${staff.email}`);
  } else if (staff) {
    lines.push(`  Created the staff user ${staff.email} from ADMIN_EMAIL/ADMIN_PASSWORD.`);
  }
  if (seeded) lines.push('  Added demo listings and an active survey (SEED_DEMO=false to start empty).');
  console.log(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
