import { accountEndpoints, recoveryEndpoints, type ForgotPassword, type ResetPassword } from '@recell/contract';
import { callApi } from '@/lib/api-client';

/** POST /api/auth/forgot-password: a reset link by email. */
export const requestPasswordReset = (body: ForgotPassword) => callApi(recoveryEndpoints.forgotPassword, { json: body });

/** POST /api/auth/reset-password: a new password with the emailed link's token. */
export const resetPassword = (body: ResetPassword) => callApi(recoveryEndpoints.resetPassword, { json: body });

/** POST /api/auth/confirm-email with the emailed link's token. */
export const confirmEmail = (token: string) => callApi(recoveryEndpoints.confirmEmail, { json: { token } });

/** POST /api/me/confirmation-email: a new confirmation link for the signed-in account. */
export const resendConfirmation = () => callApi(recoveryEndpoints.resendConfirmation);

/** GET /api/me: the signed-in account as the server has it now (confirmed or not). */
export const getMe = () => callApi(accountEndpoints.me);
