/**
 * The app an API test file runs against, and how its answers are checked. A file's preamble:
 *
 *   const t = useTestApp();        // a fresh app and database (with the three categories) for the file
 *   const cast = useCast(t);       // seller, otherSeller, buyer, otherBuyer, admin (support/accounts.ts)
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { ErrorBodySchema, messages } from '@recell/contract';
import { insertCategories } from '../fixtures.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

export interface TestAppOptions {
  /** Environment for the app's configuration, read when the app is built (after earlier hooks ran). */
  env?: () => Record<string, string>;
  /** Called whenever the app tells public listing pages to refresh (app.listingsChanged). */
  onListingsChanged?: () => void;
}

/** The file's test app: built with the categories before its tests, closed after them. */
export const useTestApp = (options: TestAppOptions = {}): TestApp => {
  const t = {} as TestApp;
  beforeAll(async () => {
    const { onListingsChanged } = options;
    Object.assign(
      t,
      await createTestApp(
        options.env?.(),
        onListingsChanged ? (app) => app.onListingsChanged(onListingsChanged) : undefined,
      ),
    );
    await insertCategories(t.app.db);
  });
  afterAll(() => t.close?.());
  return t;
};

/** A well-formed id that names no row. */
export const unknownId = '6f1c1f0e-1111-4222-8333-444455556666';

export interface ExpectedError {
  code: string;
  message: string;
  fields?: Record<string, string>;
}

/** The answer is this status with exactly this error (the one error shape). */
export const expectError = (
  response: { statusCode: number; json: () => unknown },
  status: number,
  error: ExpectedError,
) => {
  expect(response.statusCode, JSON.stringify(response.json())).toBe(status);
  expect(ErrorBodySchema.parse(response.json())).toEqual({ error });
};

/** An anonymous caller (or a bad or disabled account's token): 401. */
export const unauthorized = { code: 'unauthorized', message: messages.unauthorized };
/** A signed-in caller of the wrong role: 403. */
export const forbidden = { code: 'forbidden', message: messages.unauthorized };
