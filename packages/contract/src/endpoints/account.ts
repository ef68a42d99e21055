import {
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
  signup: endpoint({
    method: 'POST',
    path: '/auth/signup',
    status: 201,
    body: SignupFieldsSchema,
    multipart: true,
    response: AuthSessionSchema,
    withoutSession: true,
  }),
  login: endpoint({
    method: 'POST',
    path: '/auth/login',
    status: 200,
    body: LoginSchema,
    response: AuthSessionSchema,
    withoutSession: true,
  }),
  providers: endpoint({
    method: 'GET',
    path: '/auth/providers',
    status: 200,
    response: AuthProvidersSchema,
    withoutSession: true,
  }),
  me: endpoint({ method: 'GET', path: '/me', status: 200, response: MeSchema, auth: 'signedIn' }),
  updateMe: endpoint({
    method: 'PATCH',
    path: '/me',
    status: 200,
    body: UpdateMeSchema,
    response: MeSchema,
    auth: 'signedIn',
  }),
  uploadImage: endpoint({
    method: 'POST',
    path: '/uploads',
    status: 201,
    multipart: true,
    response: UploadedImageSchema,
    auth: 'signedIn',
  }),
} as const;
