import type { Executor } from '../../db/client.ts';

/**
 * Whether an admin may read an order's messages: only while the order has an open problem report
 * (a buyer or seller asked for help, and the admin needs the conversation to settle it). Admins
 * never write in a thread, and without an open problem the thread stays between the two parties.
 *
 * Problem reports are not part of the app yet, so no admin reads any thread: this answers false.
 * When they arrive this becomes `hasOpenProblem(db, orderId)` from the orders repository; it is the
 * only place the messages module asks.
 */
export const adminMayReadThread = (_db: Executor, _orderId: string): Promise<boolean> => Promise.resolve(false);
