import { ConfigurationError } from '../errors';
import type { SecretRegistration, SecretRegistry } from '../secretRegistry';
import { DEFAULT_AUTH_HEADER, type AuthHeader, type Environment } from './environments';
import type { SecretStore } from './seams';
import { serverDigest, serverIdentity, type ServerIdentity } from './serverIdentity';

const HEADER_SECRET_KEY_PREFIX = 'tenantGraphql.auth.headerSecret.';

/** Values in secret storage, each registered for log redaction from its first read or write until deleted. */
export class RegisteredSecrets {
  private readonly held = new Map<string, SecretRegistration>();

  /** @param registry when given, every value read or set is registered with it until deleted. */
  constructor(
    protected readonly secrets: SecretStore,
    private readonly registry?: SecretRegistry,
  ) {}

  protected async read(key: string): Promise<string | undefined> {
    const value = await this.secrets.get(key);
    this.hold(key, value);
    return value;
  }

  protected async write(key: string, value: string): Promise<void> {
    this.hold(key, value);
    await this.secrets.store(key, value);
  }

  protected remove(key: string): Promise<void> {
    this.held.get(key)?.dispose();
    this.held.delete(key);
    return this.secrets.delete(key);
  }

  private hold(key: string, value: string | undefined): void {
    if (this.registry && value !== undefined) {
      const next = this.registry.register(value);
      this.held.get(key)?.dispose();
      this.held.set(key, next);
    }
  }
}

/**
 * Secret header values (an API key a gateway wants), kept in secret storage under the server they
 * belong to, like a client secret: a repository that names the same header for another server
 * gets nothing.
 */
export class HeaderSecrets extends RegisteredSecrets {
  get(server: ServerIdentity, header: string): Promise<string | undefined> {
    return this.read(headerSecretKey(server, header));
  }

  async set(server: ServerIdentity, header: string, value: string): Promise<void> {
    const v = value.trim();
    if (v === '' || /[\r\n\0]/.test(v)) {
      throw new RangeError('A header value must be one non-empty line.');
    }
    await this.write(headerSecretKey(server, header), v);
  }

  delete(server: ServerIdentity, header: string): Promise<void> {
    return this.remove(headerSecretKey(server, header));
  }
}

/** The storage key of one header's value for one server (header names are case-insensitive). */
function headerSecretKey(server: ServerIdentity, header: string): string {
  return `${HEADER_SECRET_KEY_PREFIX}server.${serverDigest(server)}.${header.toLowerCase()}`;
}

/** What a GraphQL request to an environment carries besides its body: the token's header and the extra ones. */
export interface EnvironmentHeaders {
  readonly authHeader: AuthHeader;
  /** Plain and secret extra headers, by name. */
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * The headers of an environment's GraphQL requests (introspection and runs; the token endpoint
 * never gets them). A secret header without a stored value is a {@link ConfigurationError} that
 * says how to set it, rather than a request the gateway refuses for a reason nobody sees.
 */
export async function environmentHeaders(env: Environment, secrets: HeaderSecrets): Promise<EnvironmentHeaders> {
  const headers: Record<string, string> = { ...env.headers };
  const server = serverIdentity(env);
  for (const name of env.secretHeaders ?? []) {
    const value = await secrets.get(server, name);
    if (value === undefined) {
      throw new ConfigurationError('secretHeaders', `The header ${name} of "${env.name}" is secret and has no value yet. Set it with the "Set Header Secret" command.`);
    }
    headers[name] = value;
  }
  return { authHeader: env.authHeader ?? DEFAULT_AUTH_HEADER, headers };
}
