import type {
  AccountNoticeSchema,
  ConfirmEmailSchema,
  DemoMailboxSchema,
  ForgotPasswordSchema,
  OutboxSchema,
  ResetPasswordSchema,
} from '../recovery.ts';
import { endpoint } from './endpoint.ts';

/** Account recovery and email confirmation, the outbox's delivery list, and the demo mailbox. */
export const recoveryEndpoints = {
  forgotPassword: endpoint<{ body: typeof ForgotPasswordSchema; response: typeof AccountNoticeSchema }>()({
    method: 'POST',
    path: '/auth/forgot-password',
    status: 200,
    withoutSession: true,
  }),
  resetPassword: endpoint<{ body: typeof ResetPasswordSchema; response: typeof AccountNoticeSchema }>()({
    method: 'POST',
    path: '/auth/reset-password',
    status: 200,
    withoutSession: true,
  }),
  confirmEmail: endpoint<{ body: typeof ConfirmEmailSchema; response: typeof AccountNoticeSchema }>()({
    method: 'POST',
    path: '/auth/confirm-email',
    status: 200,
    withoutSession: true,
  }),
  resendConfirmation: endpoint<{ response: typeof AccountNoticeSchema }>()({
    method: 'POST',
    path: '/me/confirmation-email',
    status: 200,
    auth: 'signedIn',
  }),
  outbox: endpoint<{ response: typeof OutboxSchema }>()({
    method: 'GET',
    path: '/admin/outbox',
    status: 200,
    auth: ['admin'],
  }),
  /** Public: whether the server runs as a demo, and where its mailbox is then. */
  demoMailbox: endpoint<{ response: typeof DemoMailboxSchema }>()({
    method: 'GET',
    path: '/demo-mailbox',
    status: 200,
    withoutSession: true,
  }),
} as const;
