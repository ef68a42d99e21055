import { MeSchema, type UpdateMe } from '@recell/contract';
import { apiPaths } from '@/config/api-paths';
import { apiRequest } from '@/lib/api-client';

/** PATCH /api/me: a new name and/or photo (an image id from POST /api/uploads). */
export const updateMe = (update: UpdateMe) => apiRequest(apiPaths.me, MeSchema, { method: 'PATCH', json: update });
