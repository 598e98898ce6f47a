import * as assert from 'node:assert/strict';
import { createSandboxClock } from '../../../src/sandbox/clock';
import { escapeHtml } from '../../../src/sandbox/consentPage';
import { isLoopback, normalizeAddress, parseParams } from '../../../src/sandbox/http';
import { IpAllowlist, parseCidr } from '../../../src/sandbox/ipAllowlist';
import { RateLimiter } from '../../../src/sandbox/rateLimit';

describe('sandbox primitives', () => {
  describe('IpAllowlist', () => {
    const list = new IpAllowlist(['127.0.0.0/8', '::1/128', '10.1.0.0/16', '192.168.1.7']);
    const cases: Array<[string, boolean]> = [
      ['127.0.0.1', true],
      ['127.255.0.9', true],
      ['::ffff:127.0.0.1', true],
      ['::1', true],
      ['10.1.200.3', true],
      ['10.2.0.1', false],
      ['192.168.1.7', true],
      ['192.168.1.8', false],
      ['::2', false],
      ['not-an-ip', false],
    ];
    for (const [address, allowed] of cases) {
      it(`${address} -> ${allowed}`, () => {
        assert.equal(list.allows(address), allowed);
      });
    }
    for (const bad of ['10.0.0.0/33', 'host/8', '10.0.0.0/8/1', '::1/129', '10.0.0.0/x']) {
      it(`refuses ${bad}`, () => {
        assert.throws(() => parseCidr(bad));
      });
    }
  });

  it('isLoopback and normalizeAddress', () => {
    assert.equal(isLoopback('127.0.0.1'), true);
    assert.equal(isLoopback('::ffff:127.0.0.2'), true);
    assert.equal(isLoopback('::1'), true);
    assert.equal(isLoopback('192.168.0.1'), false);
    assert.equal(isLoopback('::ffff:10.0.0.1'), false);
    assert.equal(normalizeAddress('::ffff:10.0.0.1'), '10.0.0.1');
  });

  it('parseParams reports repeated parameters', () => {
    const { params, duplicates } = parseParams('a=1&b=2&a=3');
    assert.equal(params.get('a'), '1');
    assert.deepEqual(duplicates, ['a']);
  });

  it('RateLimiter: sliding window with Retry-After on the Sandbox clock', () => {
    const clock = createSandboxClock({ manual: true, startMs: 1_000_000 });
    const limiter = new RateLimiter(clock, 2, 10_000);
    assert.deepEqual(limiter.hit('k'), { allowed: true });
    clock.advance(4_000);
    assert.deepEqual(limiter.hit('k'), { allowed: true });
    assert.deepEqual(limiter.hit('k'), { allowed: false, retryAfterSeconds: 6 });
    assert.deepEqual(limiter.hit('other'), { allowed: true });
    clock.advance(6_000);
    assert.deepEqual(limiter.hit('k'), { allowed: true });
    limiter.configure(1, 1000);
    assert.deepEqual(limiter.hit('k'), { allowed: true });
    assert.equal(limiter.hit('k').allowed, false);
  });

  it('SandboxClock: manual clocks move only when advanced; negative steps are refused', () => {
    const clock = createSandboxClock({ manual: true, startMs: 5 });
    assert.equal(clock.now(), 5);
    clock.advance(10);
    assert.equal(clock.now(), 15);
    assert.throws(() => clock.advance(-1), RangeError);
    const live = createSandboxClock();
    const before = live.now();
    live.advance(60_000);
    assert.ok(live.now() >= before + 60_000);
  });

  it('escapeHtml escapes the five HTML-significant characters', () => {
    assert.equal(escapeHtml(`<a href="x" title='y'>&</a>`), '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});
