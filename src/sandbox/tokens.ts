import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { errors as joseErrors, generateKeyPair, jwtVerify, SignJWT, type CryptoKey } from 'jose';
import type { SandboxClock } from './clock';

/** Lifetimes from the spec's Limits table. */
export const AUTHORIZATION_CODE_LIFETIME_MS = 60_000;
/** Access token lifetime (expires_in 3600). */
export const ACCESS_TOKEN_LIFETIME_S = 3600;
/** Refresh token lifetime: one month (30 days). */
export const REFRESH_TOKEN_LIFETIME_MS = 30 * 24 * 3600 * 1000;

/** Claims of a Sandbox access token. */
export interface AccessTokenClaims {
  sub: string;
  /** Comma separated, as the spec says. */
  scope: string;
  groups: string[];
  iss: string;
  aud: string;
  iat: number;
  exp: number;
  jti: string;
  client_id: string;
  /** ID of the team the token belongs to. */
  team: string;
  /** A user token's OpenID Connect profile claims (beyond the spec's three, as many servers add): the user's id and full name. */
  preferred_username?: string;
  name?: string;
}

/** What a token is issued for: a user, or the team with no user. */
export type Principal = { kind: 'user'; userId: string } | { kind: 'team' };

/** Thrown by {@link TokenService.verifyAccessToken}; the message is safe to show. */
export class InvalidTokenError extends Error {
  override readonly name = 'InvalidTokenError';
}

interface CodeRecord {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  scopes: string[];
  userId: string;
  expiresAt: number;
  used: boolean;
  familyId: string;
}

interface RefreshRecord {
  clientId: string;
  principal: Principal;
  scopes: string[];
  expiresAt: number;
  revoked: boolean;
  familyId: string;
}

/** Kinds of secret values the Sandbox issued or received, for the whole-run secret scan. */
export type IssuedSecretKind = 'access_token' | 'refresh_token' | 'authorization_code' | 'code_verifier' | 'state' | 'client_secret';

/** How many secret values {@link IssuedSecrets} keeps (oldest dropped first), so a long run stays bounded. */
export const ISSUED_SECRETS_LIMIT = 100_000;

/**
 * Every secret value this Sandbox issued (codes, access and refresh tokens) or received (PKCE
 * `code_verifier` at E2, `state` at E1), so a test run can check that none of them ended up in a
 * log, setting or file. Test support only: served on the loopback-only admin endpoint.
 */
export class IssuedSecrets {
  private readonly values = new Map<string, IssuedSecretKind>();

  record(kind: IssuedSecretKind, value: string): void {
    if (value === '' || this.values.has(value)) {
      return;
    }
    if (this.values.size >= ISSUED_SECRETS_LIMIT) {
      const oldest = this.values.keys().next().value;
      if (oldest !== undefined) {
        this.values.delete(oldest);
      }
    }
    this.values.set(value, kind);
  }

  /** Everything recorded, oldest first. */
  list(): Array<{ kind: IssuedSecretKind; value: string }> {
    return [...this.values].map(([value, kind]) => ({ kind, value }));
  }
}

/** Outcome of looking up a code or refresh token. */
export type Lookup<T> = { ok: true; record: T } | { ok: false; hint: string };

function hash(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Issues and checks authorization codes, access tokens (ES256 JWT) and refresh tokens.
 * Codes and refresh tokens are kept by hash only; all lifetimes follow the Sandbox clock.
 * Reusing a code revokes every token issued from it (RFC 6749 section 4.1.2).
 */
export class TokenService {
  private readonly codes = new Map<string, CodeRecord>();
  private readonly refreshTokens = new Map<string, RefreshRecord>();
  private readonly familyOfJti = new Map<string, string>();
  private readonly revokedFamilies = new Set<string>();
  /** Every code and token issued (see {@link IssuedSecrets}). */
  readonly issued = new IssuedSecrets();

  private constructor(
    private readonly clock: SandboxClock,
    private readonly privateKey: CryptoKey,
    private readonly publicKey: CryptoKey,
    private readonly keyId: string,
    readonly issuer: string,
    readonly audience: string,
  ) {}

  /** Creates a service with a fresh ES256 key pair. */
  static async create(clock: SandboxClock, issuer: string, audience: string): Promise<TokenService> {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    return new TokenService(clock, privateKey, publicKey, randomUUID(), issuer, audience);
  }

  /** Issues a single-use authorization code valid for 60 s. */
  issueCode(fields: Omit<CodeRecord, 'expiresAt' | 'used' | 'familyId'>): string {
    const code = randomToken();
    this.issued.record('authorization_code', code);
    this.codes.set(hash(code), {
      ...fields,
      expiresAt: this.clock.now() + AUTHORIZATION_CODE_LIFETIME_MS,
      used: false,
      familyId: randomUUID(),
    });
    return code;
  }

  /**
   * Finds an unused, unexpired code issued to this client. A second use revokes the family of
   * tokens issued from it. The code is only marked used by {@link markCodeUsed}.
   */
  findCode(code: string, clientId: string): Lookup<CodeRecord> {
    const record = this.codes.get(hash(code));
    if (!record) {
      return { ok: false, hint: 'Authorization code is not valid' };
    }
    if (record.used) {
      this.revokedFamilies.add(record.familyId);
      return { ok: false, hint: 'Authorization code has been revoked' };
    }
    if (this.clock.now() >= record.expiresAt) {
      return { ok: false, hint: 'Authorization code has expired' };
    }
    if (record.clientId !== clientId) {
      return { ok: false, hint: 'Authorization code was not issued to this client' };
    }
    return { ok: true, record };
  }

  /** Consumes a code after a successful exchange. */
  markCodeUsed(record: CodeRecord): void {
    record.used = true;
  }

  /** Signs an access token valid for one hour. */
  async signAccessToken(input: {
    principal: Principal;
    teamId: string;
    clientId: string;
    scopes: string[];
    groups: string[];
    familyId: string;
    /** The user's full name (user tokens only). */
    userName?: string;
  }): Promise<string> {
    const iat = Math.floor(this.clock.now() / 1000);
    const jti = randomUUID();
    this.familyOfJti.set(jti, input.familyId);
    const token = await new SignJWT({
      scope: input.scopes.join(','),
      groups: input.groups,
      client_id: input.clientId,
      team: input.teamId,
      ...(input.principal.kind === 'user' ? { preferred_username: input.principal.userId, ...(input.userName ? { name: input.userName } : {}) } : {}),
    })
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: this.keyId })
      .setSubject(input.principal.kind === 'user' ? input.principal.userId : input.teamId)
      .setIssuer(this.issuer)
      .setAudience(this.audience)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ACCESS_TOKEN_LIFETIME_S)
      .setJti(jti)
      .sign(this.privateKey);
    this.issued.record('access_token', token);
    return token;
  }

  /** Verifies signature, issuer, audience, lifetime (Sandbox clock) and revocation. */
  async verifyAccessToken(token: string): Promise<AccessTokenClaims> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, this.publicKey, {
        issuer: this.issuer,
        audience: this.audience,
        algorithms: ['ES256'],
        currentDate: new Date(this.clock.now()),
        requiredClaims: ['sub', 'scope', 'groups', 'iat', 'exp', 'jti', 'client_id', 'team'],
      }));
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) {
        throw new InvalidTokenError('The access token expired; refresh it or sign in again.');
      }
      throw new InvalidTokenError('The access token is not valid for this service.');
    }
    const claims = payload as unknown as AccessTokenClaims;
    const family = this.familyOfJti.get(claims.jti);
    if (family === undefined || this.revokedFamilies.has(family)) {
      throw new InvalidTokenError('The access token was revoked; sign in again.');
    }
    if (typeof claims.scope !== 'string' || !Array.isArray(claims.groups)) {
      throw new InvalidTokenError('The access token is not valid for this service.');
    }
    return claims;
  }

  /** Issues a refresh token valid for one month. */
  issueRefreshToken(fields: { clientId: string; principal: Principal; scopes: string[]; familyId: string }): string {
    const token = randomToken();
    this.issued.record('refresh_token', token);
    this.refreshTokens.set(hash(token), {
      ...fields,
      expiresAt: this.clock.now() + REFRESH_TOKEN_LIFETIME_MS,
      revoked: false,
    });
    return token;
  }

  /** Finds a live refresh token issued to this client. */
  findRefreshToken(token: string, clientId: string): Lookup<RefreshRecord> {
    const record = this.refreshTokens.get(hash(token));
    if (!record) {
      return { ok: false, hint: 'Refresh token is not valid' };
    }
    if (record.revoked || this.revokedFamilies.has(record.familyId)) {
      return { ok: false, hint: 'Token has been revoked' };
    }
    if (this.clock.now() >= record.expiresAt) {
      return { ok: false, hint: 'Token has expired' };
    }
    if (record.clientId !== clientId) {
      return { ok: false, hint: 'Token is not linked to client' };
    }
    return { ok: true, record };
  }

  /** Rotation: the old refresh token stops working. */
  revokeRefreshToken(record: RefreshRecord): void {
    record.revoked = true;
  }

  /** A new family (for tokens not issued from a code). */
  newFamily(): string {
    return randomUUID();
  }
}
