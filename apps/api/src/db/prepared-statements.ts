/**
 * Prepared statements. The hot pages (plain category pages, the home grid, the listings of a
 * found page) run as named statements: PostgreSQL parses and plans them once per connection, and
 * drizzle builds their SQL once per process. Values travel as parameters; the page size is part
 * of the statement's text (and name), since a LIMIT the planner cannot see makes it plan for 10 %
 * of the table and never settle on the cheap generic plan.
 */
import { createHash } from 'node:crypto';
import { sql, type Query } from 'drizzle-orm';
import type { PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';

type Prepared = { execute(values?: Record<string, unknown>): Promise<unknown> };
const preparedByDb = new WeakMap<Database, Map<string, Prepared>>();

/** The statement `name` of this database, prepared on first use (`build` must give the same SQL each time). */
export const prepared = <T extends Prepared>(db: Database, name: string, build: () => T): T => {
  let statements = preparedByDb.get(db);
  if (!statements) preparedByDb.set(db, (statements = new Map()));
  let statement = statements.get(name);
  if (!statement) statements.set(name, (statement = build()));
  return statement as T;
};

/**
 * Like `prepared`, for the hottest pages: the statement's rows come as arrays of values, in the
 * order its select lists the columns, and `toRow` makes each one's object, instead of drizzle's
 * generic mapping (which checks every cell's column kind and path on every row: a tenth of a
 * computed catalogue page's CPU). `build` gives the query (its SQL is built once, as `prepared`'s).
 */
export const preparedRows = <Row>(
  db: Database,
  name: string,
  build: () => { toSQL(): Query },
  toRow: (values: unknown[]) => Row,
) => prepared(db, name, () => statementOf(db, build().toSQL(), name, toRow));

/** A statement of `db` (a transaction's too) whose rows `toRow` makes; named, or unnamed for ''. */
export const statementOf = <Row>(db: Database, query: Query, name: string, toRow: (values: unknown[]) => Row) =>
  db._.session.prepareQuery<PreparedQueryConfig & { execute: Row[] }>(query, undefined, name, true, (rows) =>
    rows.map(toRow),
  );

type Statement<Row> = ReturnType<typeof statementOf<Row>>;
const unnamedByDb = new WeakMap<Database, Map<string, Statement<unknown>>>();

/**
 * A statement whose plan must see its values (PostgreSQL plans an unnamed statement on every
 * execution), built once per `shape` (the parts its SQL has; its values are parameters) rather
 * than on every request. At most `kept` shapes are kept per database, the oldest leaving first.
 */
export const unnamedRows = <Row>(
  db: Database,
  shape: string,
  build: () => { toSQL(): Query },
  toRow: (values: unknown[]) => Row,
  kept = 500,
): Statement<Row> => {
  let statements = unnamedByDb.get(db);
  if (!statements) unnamedByDb.set(db, (statements = new Map()));
  let statement = statements.get(shape) as Statement<Row> | undefined;
  if (!statement) {
    statement = statementOf(db, build().toSQL(), '', toRow);
    if (statements.size >= kept) statements.delete(statements.keys().next().value!);
    statements.set(shape, statement as Statement<unknown>);
  }
  return statement;
};

/**
 * A statement name PostgreSQL keeps whole: it cuts names at 63 bytes, and two cut alike would
 * share one statement. A longer name becomes its start and a hash of the whole.
 */
export const statementName = (name: string) =>
  name.length <= 63 ? name : `${name.slice(0, 40)}_${createHash('sha256').update(name).digest('hex').slice(0, 16)}`;

/** A count written into statement text: a whole number in range (the route already bounded page sizes). */
export const wholeNumber = (value: number, max: number) => {
  if (!Number.isInteger(value) || value < 1 || value > max) throw new Error(`Not a count in 1..${max}: ${value}`);
  return value;
};
export const pageLimit = (limit: number) => wholeNumber(limit, 1000);
/**
 * A LIMIT written into the statement: drizzle sends a number as a parameter, and for a parameter
 * PostgreSQL's generic plan assumes a tenth of the table, so the cheap generic plan never wins
 * and every execution is planned again. SQL given to `.limit()` is written as is.
 */
export const literalLimit = (limit: number) => sql.raw(String(pageLimit(limit))) as unknown as number;
