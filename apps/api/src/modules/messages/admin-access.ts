import type { Executor } from '../../db/client.ts';
import { hasOpenProblem } from '../orders/index.ts';

/**
 * Whether an admin may read an order's messages: only while the order has an undecided problem
 * report (the buyer asked for help, and the admin needs the conversation to settle it). Admins
 * never write in a thread, and without an open problem the thread stays between the two parties.
 * It is the only place the messages module asks.
 */
export const adminMayReadThread = (db: Executor, orderId: string): Promise<boolean> => hasOpenProblem(db, orderId);
