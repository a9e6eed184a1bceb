import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageAnswer } from '#shared/api-answer';
import {
  AUTH_API,
  assigneeListSchema,
  changeEmailSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  STAFF_MESSAGES,
  staffCreatedSchema,
  staffCreateSchema,
  staffListSchema,
  staffMemberSchema,
  staffUpdateSchema,
  tokenMessageSchema,
} from '#shared/auth/auth.contract';
import { tooManyRequests } from '#server/lib/errors';
import type { AttemptLimiters } from '#server/lib/throttle';
import { normaliseEmail } from './auth.service';
import { findStaffById, listAssignees } from './staff.repository';
import { signToken } from './token';
import * as service from './staff.service';

const tags = ['staff'];
const message = messageAnswer;
const idParams = z.object({ id: z.string().max(100) });

/** Forgot-password requests: per address and per client address, in a window of an hour. */
export const FORGOT_PER_EMAIL = 3;
export const FORGOT_PER_IP = 20;
const FORGOT_WINDOW_SECONDS = 60 * 60;
const TOO_MANY_FORGOT = 'Too many requests for a new password. Please wait and try again.';

export interface StaffRouteOptions {
  limiters: AttemptLimiters;
  key: Uint8Array;
}

export async function staffRoutes(app: FastifyInstance, options: StaffRouteOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, config: app.config, mailer: app.mailer };
  const forgotByEmail = options.limiters.create('forgot-email', FORGOT_PER_EMAIL, FORGOT_WINDOW_SECONDS);
  const forgotByIp = options.limiters.create('forgot-ip', FORGOT_PER_IP, FORGOT_WINDOW_SECONDS);

  // Owners -------------------------------------------------------------------------------------
  r.get(AUTH_API.staff, { config: { access: 'owner' }, schema: { tags, response: { 200: staffListSchema } } }, () => service.listMembers(app.db));

  r.post(
    AUTH_API.staff,
    {
      config: { access: 'owner' },
      schema: { tags, body: staffCreateSchema, response: { 201: staffCreatedSchema } },
      bodyLimit: 4096,
    },
    async (request, reply) => {
      const { member, password } = await service.addMember(deps, request.body, request.staff!);
      const note = password ? 'Added. Give them this password now: it is not shown again.' : `Added. We have e-mailed ${member.email} a link to set their password.`;
      return reply.status(201).send({ member, ...(password ? { password } : {}), message: note });
    },
  );

  r.patch(
    AUTH_API.staffOne.pattern,
    { config: { access: 'owner' }, schema: { tags, params: idParams, body: staffUpdateSchema, response: { 200: staffMemberSchema } }, bodyLimit: 4096 },
    (request) => service.updateMember(deps, request.params.id, request.body, request.staff!),
  );

  r.post(AUTH_API.staffReset.pattern, { config: { access: 'owner' }, schema: { tags, params: idParams, response: { 200: message } } }, async (request) => {
    await service.resetMember(deps, request.params.id, request.staff!);
    return { message: 'We have e-mailed them a link to set a new password.' };
  });

  // Every signed-in person ---------------------------------------------------------------------
  r.get(AUTH_API.assignees, { config: { access: 'staff' }, schema: { tags, response: { 200: assigneeListSchema } } }, () => listAssignees(app.db));

  /** Changing one's password or e-mail refuses every older token: the answer carries a new one. */
  const freshToken = async (id: string) => {
    const row = (await findStaffById(app.db, id))!;
    return (await signToken(options.key, { ...row, tokenVersion: Number(row.tokenVersion) }, app.config.tokenTtlSeconds)).token;
  };

  r.post(
    AUTH_API.mePassword,
    { config: { access: 'staff' }, schema: { tags, body: changePasswordSchema, response: { 200: tokenMessageSchema } }, bodyLimit: 4096 },
    async (request) => {
      await service.changeOwnPassword(app.db, request.staff!.sub, request.body.current, request.body.next);
      return { message: 'Your password is changed.', token: await freshToken(request.staff!.sub) };
    },
  );

  r.patch(
    AUTH_API.me,
    { config: { access: 'staff' }, schema: { tags, body: changeEmailSchema, response: { 200: tokenMessageSchema } }, bodyLimit: 4096 },
    async (request) => {
      await service.changeOwnEmail(app.db, request.staff!.sub, request.body.current, request.body.email);
      return { message: 'Your e-mail address is changed.', token: await freshToken(request.staff!.sub) };
    },
  );

  // Public -------------------------------------------------------------------------------------
  r.post(
    AUTH_API.forgot,
    { config: { access: 'public' }, schema: { tags, body: forgotPasswordSchema, response: { 200: message } }, bodyLimit: 4096 },
    async (request) => {
      const ipWait = await forgotByIp.consume(request.ip);
      if (ipWait !== null) throw tooManyRequests(ipWait, TOO_MANY_FORGOT);
      const emailWait = await forgotByEmail.consume(normaliseEmail(request.body.email));
      if (emailWait !== null) throw tooManyRequests(emailWait, TOO_MANY_FORGOT);
      const { send } = await service.forgotPassword(deps, request.body.email);
      // Sent after answering: the time taken says nothing about whether the address has an account.
      if (send) void send().catch((error: unknown) => request.log.error({ err: error }, 'password reset mail failed'));
      return { message: STAFF_MESSAGES.forgot };
    },
  );

  r.post(
    AUTH_API.reset,
    { config: { access: 'public' }, schema: { tags, body: resetPasswordSchema, response: { 200: message } }, bodyLimit: 4096 },
    async (request) => {
      await service.resetPassword(app.db, request.body.token, request.body.password);
      return { message: STAFF_MESSAGES.passwordSet };
    },
  );
}
