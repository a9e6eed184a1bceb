import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageAnswer } from '#shared/api-answer';
import { loginAnswerSchema, loginSchema, STAFF_MESSAGES } from '#shared/auth/auth.contract';
import { AUTH_API } from '#shared/auth/auth.api';
import { forbidden, unauthorized } from '#server/lib/errors';
import { authenticate, login, logout, type AuthDeps } from './auth.service';
import { DEVICE_COOKIE, deviceCookieHeader, readCookie } from './login-device';
import type { StaffPrincipal } from './token';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated staff member; set by the guard on every non-public route. */
    staff?: StaffPrincipal;
  }
}

/**
 * The guard, deny by default. Call it on the root instance (not inside app.register, whose hooks
 * would only cover that plugin's own routes).
 */
export function registerAuthGuard(app: FastifyInstance, deps: AuthDeps): void {
  // Callback style, so that public requests (most of them) pass without a promise.
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.routeOptions.url;
    // Unmatched requests fall through to the 404 handler; public routes need no token. Every
    // route declares its level (a missing one fails at startup): anything else is refused.
    const access = request.routeOptions.config.access;
    // A `key` route checks its own key (an API key, a tablet's device key).
    if (url === undefined || access === 'public' || access === 'key') return done();
    // What staff read is kept by no browser or proxy cache (a route may narrow it, never widen it).
    reply.header('cache-control', 'no-store');
    authenticate(deps, request.headers.authorization).then(
      (principal) => {
        if (!principal) return done(unauthorized());
        if (access !== 'staff' && !(access === 'owner' && principal.role === 'owner')) return done(forbidden(STAFF_MESSAGES.ownersOnly));
        request.staff = principal;
        done();
      },
      (error: unknown) => done(error as Error),
    );
  });
}

export async function authRoutes(app: FastifyInstance, deps: AuthDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    AUTH_API.login,
    {
      schema: {
        tags: ['auth'],
        body: loginSchema,
        response: { 200: loginAnswerSchema },
      },
      bodyLimit: 4096,
      config: { access: 'public' },
    },
    async (request, reply) => {
      const device = readCookie(request.headers.cookie, DEVICE_COOKIE);
      const { token, device: known } = await login(deps, request.body, { address: request.ip, device });
      reply.header('set-cookie', deviceCookieHeader(known, request.protocol === 'https'));
      return { token, message: 'Logged in.' };
    },
  );

  r.post(AUTH_API.logout, { config: { access: 'staff' }, schema: { tags: ['auth'], response: { 200: messageAnswer } } }, async (request) => {
    await logout(deps.db, request.staff!);
    return { message: 'Logged out.' };
  });
}
