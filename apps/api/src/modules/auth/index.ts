/** The auth module's door (docs/ARCHITECTURE.md): who is calling, accounts, sessions, recovery. */
export { accountRoutes } from './account.routes.ts';
export { authPlugin, isSignedInCaller, signedInUser, type AuthUser } from './auth.plugin.ts';
export { hashPassword, verifyPassword } from './password.ts';
export { recoveryRoutes } from './recovery.routes.ts';
export { hashAccountToken } from './recovery.service.ts';
export { deleteEndedSessions, revokeUserSessions } from './sessions.repository.ts';
export { hashRefreshToken, pageViewer, refreshCookieName } from './sessions.service.ts';
export { callbackPath, socialRoutes } from './social/social.routes.ts';
export { accessTokenAudience, accessTokenIssuer, createAccessTokens, jwtSecretFileName } from './tokens.ts';
