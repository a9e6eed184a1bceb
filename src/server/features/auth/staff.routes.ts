import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageAnswer } from '#shared/api-answer';
import {
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
import { AUTH_API } from '#shared/auth/auth.api';
import { tooManyRequests } from '#server/lib/errors';
import type { AttemptLimiters } from '#server/lib/throttle';
import { normaliseEmail } from './auth.service';
import { findStaffById, listAssignees } from './staff.repository';
import { signToken } from './token';
import * as service from './staff.service';

const tags = ['staff'];
const message = messageAnswer;
const idParams = z.object({ id: z.string().max(100) });

/**
 * Forgot-password requests, in a window of an hour. Refused (429) only per client address: a few
 * for one account and more for all of them, so nobody can keep a person from asking for their own
 * link from their own browser. The mails one account is sent are capped: past the cap the answer is
 * the same but no mail goes, and the inbox already holds that many links from the last hour, each of
 * which works until one is used or the password changes.
 */
export const FORGOT_PER_CLIENT_AND_EMAIL = 3;
export const FORGOT_PER_IP = 20;
export const FORGOT_MAILS_PER_ACCOUNT = 10;
const FORGOT_WINDOW_SECONDS = 60 * 60;
const TOO_MANY_FORGOT = 'Too many requests for a new password. Please wait and try again.';

export interface StaffRouteOptions {
  limiters: AttemptLimiters;
  key: Uint8Array;
}

export async function staffRoutes(app: FastifyInstance, options: StaffRouteOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, config: app.config, mailer: app.mailer };
  const forgotByIp = options.limiters.create('forgot-ip', FORGOT_PER_IP, FORGOT_WINDOW_SECONDS);
  const forgotByIpAndEmail = options.limiters.create('forgot-ip-email', FORGOT_PER_CLIENT_AND_EMAIL, FORGOT_WINDOW_SECONDS);
  const forgotMails = options.limiters.create('forgot-mail', FORGOT_MAILS_PER_ACCOUNT, FORGOT_WINDOW_SECONDS);

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
      const note = password
        ? 'Added. Give them this password now: it is not shown again.'
        : `Added. We have e-mailed ${member.email} a link to set their password.`;
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
      const email = normaliseEmail(request.body.email);
      const pairWait = await forgotByIpAndEmail.consume(`${request.ip} ${email}`);
      if (pairWait !== null) throw tooManyRequests(pairWait, TOO_MANY_FORGOT);
      // Counted for every address, known or not, so the answer's timing says nothing either way.
      const mailAllowed = (await forgotMails.consume(email)) === null;
      const { send } = mailAllowed ? await service.forgotPassword(deps, email) : {};
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
