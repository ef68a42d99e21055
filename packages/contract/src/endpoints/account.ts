import type {
  AuthProvidersSchema,
  AuthSessionSchema,
  LoginSchema,
  MeSchema,
  SignupFieldsSchema,
  UpdateMeSchema,
  UploadedImageSchema,
} from '../auth.ts';
import { endpoint } from './endpoint.ts';

/** Accounts: sign up, log in, the signed-in person's profile, pictures. */
export const accountEndpoints = {
  signup: endpoint<{ body: typeof SignupFieldsSchema; response: typeof AuthSessionSchema }>()({
    method: 'POST',
    path: '/auth/signup',
    status: 201,
    multipart: true,
    withoutSession: true,
  }),
  login: endpoint<{ body: typeof LoginSchema; response: typeof AuthSessionSchema }>()({
    method: 'POST',
    path: '/auth/login',
    status: 200,
    withoutSession: true,
  }),
  providers: endpoint<{ response: typeof AuthProvidersSchema }>()({
    method: 'GET',
    path: '/auth/providers',
    status: 200,
    withoutSession: true,
  }),
  me: endpoint<{ response: typeof MeSchema }>()({ method: 'GET', path: '/me', status: 200, auth: 'signedIn' }),
  updateMe: endpoint<{ body: typeof UpdateMeSchema; response: typeof MeSchema }>()({
    method: 'PATCH',
    path: '/me',
    status: 200,
    auth: 'signedIn',
  }),
  uploadImage: endpoint<{ response: typeof UploadedImageSchema }>()({
    method: 'POST',
    path: '/uploads',
    status: 201,
    multipart: true,
    auth: 'signedIn',
  }),
} as const;
