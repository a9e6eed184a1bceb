// Process entry: read the configuration, prepare the database, serve, and stop cleanly on SIGTERM.
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { demoContentLines, seedDemoContent } from './seed';
import { bootstrapStaff } from './features/auth/bootstrap';

const SHUTDOWN_GRACE_MS = 9_000;
/**
 * How long the server keeps listening after the signal. Connections a client opened just before it
 * may still wait in the kernel's accept queue; closing the listener at once resets them. While
 * this lasts they are accepted and served, each answer with Connection: close.
 */
const ACCEPT_DRAIN_MS = 300;
/**
 * After ACCEPT_DRAIN_MS, the listener closes only once no connection has come for this long (at most
 * ACCEPT_DRAIN_MAX_MS after the signal), and only after one more poll of the sockets: on a busy
 * machine the process may wake with the timer already due and the accept queue still full.
 */
const ACCEPT_QUIET_MS = 100;
const ACCEPT_DRAIN_MAX_MS = 2_000;
/**
 * How long idle keep-alive connections stay open once the listener is closed. A request a client
 * sent just before (or just after) the signal may sit unread in the socket, so the connection looks
 * idle; closing it then would reset that request. Requests that come are served with Connection:
 * close, which ends their connection cleanly; after this, any connection still idle is closed.
 */
const IDLE_DRAIN_MS = 1_000;

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

  // The log and the start-up banner share stdout, in the order they were written (pino's own
  // destination writes later, and Fastify's "Server listening" lines came after the banner).
  const app = await buildApp(config, { logStream: process.stdout });
  const staff = await bootstrapStaff(app.db, config);
  const seeded = config.seedDemo && (await seedDemoContent(app.db, app.database.dialect));
  let stopping = false;
  // From the signal on, every answer closes its connection: the client opens no further request on
  // it, so no request of its is reset when the connection ends.
  app.addHook('onRequest', (_request, reply, done) => {
    if (stopping) reply.header('connection', 'close');
    done();
  });
  await app.ready();

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // server.close() stops listening (new connections are refused) and closes idle connections:
    // hold that second part back for IDLE_DRAIN_MS. After the pause, every connection is closed as
    // soon as it is idle.
    const closeIdle = app.server.closeIdleConnections.bind(app.server);
    app.server.closeIdleConnections = () => undefined;
    // Keep accepting for ACCEPT_DRAIN_MS first: connections already in the accept queue are served.
    const signalledAt = Date.now();
    let lastConnection = signalledAt;
    app.server.on('connection', () => (lastConnection = Date.now()));
    // setImmediate runs after the event loop's poll phase, so whatever waits in the accept queue when
    // the timer fires is accepted before the listener closes (libuv accepts until the queue is empty).
    const closeWhenQuiet = () =>
      setImmediate(() => {
        const now = Date.now();
        if (now - lastConnection < ACCEPT_QUIET_MS && now - signalledAt < ACCEPT_DRAIN_MAX_MS) {
          setTimeout(closeWhenQuiet, ACCEPT_QUIET_MS);
          return;
        }
        closeListener();
      });
    const closeListener = () => {
      setTimeout(() => {
        app.server.closeIdleConnections = closeIdle;
        closeIdle();
        setInterval(closeIdle, 50).unref();
      }, IDLE_DRAIN_MS).unref();
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'error while shutting down');
          process.exit(1);
        },
      );
    };
    setTimeout(closeWhenQuiet, ACCEPT_DRAIN_MS);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  const address = await app.listen({ port: config.port, host: config.host });
  const where = config.database.dialect === 'sqlite' ? `SQLite at ${config.database.file}` : 'PostgreSQL';
  const local = `http://localhost:${(app.server.address() as { port: number }).port}`;
  const lines = [``, `  Abode is serving on ${local} (${address}), data in ${where}`];
  if (seeded) lines.push(...demoContentLines());
  if (app.mailer.kind === 'files') {
    lines.push(`  No SMTP_URL: notification e-mails are written to ${app.mailer.directory} (read them in the dashboard).`);
  }
  // The one-time password comes last, and nothing follows it at the default log level (requests log
  // at debug, src/server/app.ts): it stays on screen until it has been read.
  if (staff?.generatedPassword) {
    lines.push(`  First staff login, shown only this once:`, `    e-mail:   ${staff.email}`, `    password: ${staff.generatedPassword}`);
    lines.push(`  Change it with: npm run staff -- passwd ${staff.email}`);
  } else if (staff) {
    lines.push(`  Created the staff user ${staff.email} from ADMIN_EMAIL/ADMIN_PASSWORD.`);
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
