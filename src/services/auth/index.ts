/**
 * The auth service: sessions and tokens (kept in SecretStorage, keyed by server identity), the
 * redirect callbacks, header and client secrets, the active environment. No prompts: those belong
 * to the auth feature's sign-in flow.
 */
export { AuthService } from './authService';
export { callbackUri, uriHandlerRedirectUri } from './redirectUri';
