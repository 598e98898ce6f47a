import { generate } from 'selfsigned';

/**
 * A certificate for an https server on 127.0.0.1 (and the names given), made in the test, that is
 * its own CA: a client trusts it only when told to (`ca`), like a company's CA.
 */
export async function loopbackCertificate(dnsNames: readonly string[] = []): Promise<{ key: string; cert: string }> {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    days: 1,
    keySize: 2048,
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }, ...dnsNames.map((value) => ({ type: 2, value }))] },
    ],
  } as Parameters<typeof generate>[1]);
  return { key: pems.private, cert: pems.cert };
}
