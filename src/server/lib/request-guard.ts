import type { FastifyInstance } from 'fastify';
import { ANSWER_NESTING_MESSAGE, jsonProblem, UNICODE_MESSAGE } from '#shared/text-rules';
import { badRequest } from './errors';

/**
 * A JSON body nested past NESTING_LIMIT, or holding text that is not well-formed
 * Unicode (a lone surrogate), is refused with 400 before any contract or route reads it. Deep input
 * overflowed the readers' recursion (500), and such answers, once stored, broke the staff results
 * (SQLite's JSON functions stop at 1,000 levels; PostgreSQL's jsonb refuses lone surrogates).
 */
export function registerBodyGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const body = request.body;
    if (typeof body !== 'object' || body === null || Buffer.isBuffer(body)) return done();
    const problem = jsonProblem(body);
    if (!problem) return done();
    const message = problem.kind === 'nesting' ? ANSWER_NESTING_MESSAGE : UNICODE_MESSAGE;
    const field = problem.path.length > 0 ? problem.path.slice(0, 2).join('.') : 'body';
    done(badRequest(message, [{ field, message }]));
  });
}

// A "." or ".." segment, plain or percent-encoded, between slashes (or backslashes) of the path.
const DOT_SEGMENT = /(?:^|[/\\])(?:\.|%2e){1,2}(?:[/\\]|$)/i;

/**
 * Paths with dot segments (`/.//x`, `/%2e//x`, `/a/..//x`) are resolved differently by each URL
 * parser (`/.//x` becomes `//x`, another host, to the page renderer): no link of this site has
 * them, so they are refused with 400 before any route sees them.
 */
export function registerPathGuard(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    const path = request.url.split('?', 1)[0]!;
    if (!DOT_SEGMENT.test(path)) return done();
    done(badRequest('The address is not valid.'));
  });
}
