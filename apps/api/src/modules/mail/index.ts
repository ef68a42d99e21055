/** The mail module's door (docs/decisions/0041): the owner of the email outbox and its delivery. */
export { deliverDueEmails, leaseMs, maxAttempts } from './deliver-emails.ts';
export { demoMailboxRoutes } from './demo-mailbox.routes.ts';
export { deleteSettledEmailsBefore, enqueueEmail, enqueueEmails, type NewEmail } from './outbox.repository.ts';
export { outboxRoutes } from './outbox.routes.ts';
