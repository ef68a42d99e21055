import { accountEndpoints, type UpdateMe } from '@recell/contract';
import { callApi } from '@/lib/api-client';

/** PATCH /api/me: a new name and/or photo (an image id from POST /api/uploads). */
export const updateMe = (update: UpdateMe) => callApi(accountEndpoints.updateMe, { json: update });
