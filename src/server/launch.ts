// The built server's entry (dist/server/server.js): loads React in its production build, then the
// server (dist/server/abode.js, from src/server/server.ts).
//
// React chooses its production or development build from NODE_ENV when it is first loaded, and the
// server was started without NODE_ENV (`npm start`), so e-mails and server-rendered pages were made
// by React's development build: 3.4 ms of CPU per staff e-mail, most of it in development-only
// checks (profiled with --cpu-prof under `npm run bench -- --baseline=…`). NODE_ENV keeps its other
// meaning (src/server/config.ts): it is set only while React loads, then put back as it was.
// The server is imported by a name esbuild does not follow, so that it is evaluated only after this.
export {};

const mode = process.env.NODE_ENV;
process.env.NODE_ENV = 'production';
try {
  await Promise.all([import('react'), import('react/jsx-runtime'), import('react-dom'), import('react-dom/server')]);
} finally {
  if (mode === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = mode;
}
const server = './abode.js';
await import(server);
