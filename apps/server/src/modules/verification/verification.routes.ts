import { verificationContract } from '@darsak/domain/verification';
import type { FastifyPluginAsync } from 'fastify';
import { bindContract, type PerMinuteLimit } from '../../platform/http/bind-contract.ts';
import type { VerificationService } from './verification.service.ts';

export const verificationRoutes: FastifyPluginAsync<{
  verification: VerificationService;
  /** Per-client limit of the public password calls (with the sign-in calls' setting). */
  publicPerMinute: PerMinuteLimit;
}> = async (app, { verification, publicPerMinute }) => {
  const limited = { ratePerMinute: publicPerMinute };
  bindContract(app, verificationContract.phoneSend, ({ user, body }) => verification.sendPhoneCode(user, body.method));
  bindContract(app, verificationContract.phoneVerify, ({ user, body }) => verification.verifyPhone(user, body.code));
  bindContract(app, verificationContract.emailSend, ({ user }) => verification.sendEmailCode(user));
  bindContract(app, verificationContract.emailConfirm, ({ user, body }) => verification.confirmEmail(user, body.code));
  // Contact changes: the proof is a password (counted per account) and a code to the new address.
  bindContract(app, verificationContract.emailChange, ({ user, body }) => verification.requestEmailChange(user, body));
  bindContract(app, verificationContract.emailChangeConfirm, ({ user, body }) =>
    verification.confirmEmailChange(user, body.code),
  );
  bindContract(app, verificationContract.phoneChange, ({ user, body }) => verification.requestPhoneChange(user, body));
  bindContract(app, verificationContract.phoneChangeConfirm, ({ user, body }) =>
    verification.confirmPhoneChange(user, body.code),
  );
  bindContract(
    app,
    verificationContract.passwordSend,
    ({ body }) => verification.sendPasswordCode(body.email),
    limited,
  );
  bindContract(app, verificationContract.passwordCheck, ({ body }) => verification.checkPasswordCode(body), limited);
  bindContract(app, verificationContract.passwordConfirm, ({ body }) => verification.resetPassword(body), limited);
};
