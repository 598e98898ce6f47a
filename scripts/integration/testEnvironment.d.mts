/** Types of scripts/integration/testEnvironment.mjs for its unit tests. */
export function testEnvironment(run: {
  suite: string;
  options: { grep: string; bench: boolean; benchProfile: string; benchDetail: boolean };
  sandbox: { info: object };
  other: { info: { adminUrl: string; adminKey: string; authUrl: string; baseUrl: string } };
  listener: { authUrl: string; baseUrl: string };
  interop: { url: string; control: string; clientId: string; resource: string; teamClientId: string; teamSecret: string };
  headerSecret: string;
}): Record<string, string>;
