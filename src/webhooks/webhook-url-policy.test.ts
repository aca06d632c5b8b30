// Endpoint URL rules: every non-public address class is refused on save, and again at send time when
// a host's DNS answer changes from public to loopback (no rebinding through a second lookup).
import { describe, expect, it } from 'vitest';
import { sendAttempt } from './delivery-sender.js';
import { checkWebhookUrl } from './webhook-url-policy.js';
import type { Resolver } from '../platform/outbound/resolver.js';

const resolverFor = (answers: Record<string, string[]>): Resolver => async (host) => {
  const addresses = answers[host];
  if (!addresses) throw new Error('ENOTFOUND');
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

const strict = (answers: Record<string, string[]> = {}) => ({ allowPrivateTargets: false, resolve: resolverFor(answers) });

describe('webhook URL policy', () => {
  it.each([
    ['http://hooks.example.com/x', 'Webhook URL must use https://'],
    ['ftp://hooks.example.com/x', 'Webhook URL must use https://'],
    ['https://user:pass@hooks.example.com/x', 'Webhook URL must not contain a username or password'],
    ['https://user@hooks.example.com/x', 'Webhook URL must not contain a username or password'],
    ['not a url', 'Webhook URL is not a valid URL'],
    ['https://nowhere.invalid/x', 'Webhook host nowhere.invalid does not resolve'],
  ])('refuses %s', async (url, message) => {
    await expect(checkWebhookUrl(url, strict())).rejects.toThrow(message);
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.0.0.8', 'private'],
    ['172.16.4.4', 'private'],
    ['192.168.1.10', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.1.1', 'carrierGradeNat'],
    ['224.0.0.5', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['0.0.0.0', 'unspecified'],
    ['::1', 'loopback'],
    ['fe80::1', 'linkLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['::ffff:10.0.0.1', 'ipv4Mapped'],
    ['::ffff:127.0.0.1', 'ipv4Mapped'],
    ['::7f00:1', 'ipv4Compatible'],
    ['64:ff9b::a9fe:a9fe', 'nat64'],
    ['2002:a9fe:a9fe::1', '6to4'],
    ['ff02::1', 'multicast'],
  ])('refuses a host resolving to %s (%s)', async (address, range) => {
    await expect(checkWebhookUrl('https://hooks.example.com/in', strict({ 'hooks.example.com': [address] }))).rejects.toThrow(
      `Webhook host hooks.example.com resolves to a non-public address (${range})`,
    );
  });

  it('refuses an IP literal in a private range and a host with one private answer among public ones', async () => {
    await expect(checkWebhookUrl('https://10.1.2.3/x', strict())).rejects.toThrow('non-public address (private)');
    await expect(checkWebhookUrl('https://[::1]/x', strict())).rejects.toThrow('non-public address (loopback)');
    await expect(checkWebhookUrl('https://mixed.example.com/', strict({ 'mixed.example.com': ['93.184.216.34', '127.0.0.1'] }))).rejects.toThrow('(loopback)');
  });

  it.each([
    ['https://[::127.0.0.1]/', '::7f00:1', 'ipv4Compatible'],
    ['https://[::a9fe:a9fe]/', '::a9fe:a9fe', 'ipv4Compatible'],
    ['https://[::ffff:127.0.0.1]/', '::ffff:7f00:1', 'ipv4Mapped'],
    ['https://[64:ff9b::7f00:1]/', '64:ff9b::7f00:1', 'nat64'],
    ['https://[2002:7f00:1::]/', '2002:7f00:1::', '6to4'],
    ['https://0x7f000001/', '127.0.0.1', 'loopback'],
    ['https://127.1/', '127.0.0.1', 'loopback'],
    ['https://[::]/', '::', 'unspecified'],
  ])('refuses the IP literal of %s (the URL writes it %s)', async (url, host, reason) => {
    await expect(checkWebhookUrl(url, strict())).rejects.toThrow(`Webhook host ${host} resolves to a non-public address (${reason})`);
  });

  it('accepts an IP literal in every refused form when the operator allows private targets', async () => {
    const open = { allowPrivateTargets: true, resolve: resolverFor({}) };
    expect((await checkWebhookUrl('https://[::127.0.0.1]/', open)).address).toEqual({ address: '::7f00:1', family: 6 });
    expect((await checkWebhookUrl('https://127.1/', open)).address).toEqual({ address: '127.0.0.1', family: 4 });
  });

  it('accepts a public host and pins its first checked address', async () => {
    const target = await checkWebhookUrl('https://hooks.example.com/in', strict({ 'hooks.example.com': ['93.184.216.34', '2606:2800:220:1::1'] }));
    expect(target.host).toBe('hooks.example.com');
    expect(target.address).toEqual({ address: '93.184.216.34', family: 4 });
  });

  it('refuses at send time a host whose DNS answer changed from public to loopback after saving', async () => {
    const answers: Record<string, string[]> = { 'rebind.example.com': ['93.184.216.34'] };
    const policy = { allowPrivateTargets: false, resolve: resolverFor(answers) };
    await expect(checkWebhookUrl('https://rebind.example.com/hook', policy)).resolves.toBeDefined();
    answers['rebind.example.com'] = ['127.0.0.1'];
    const result = await sendAttempt({ url: 'https://rebind.example.com/hook', webhookId: 'wh_1', deliveryId: 'whd_1', secret: 'whsec_x', body: '{}', nowMs: Date.now() }, policy);
    expect(result).toMatchObject({ success: false, statusCode: null, error: 'Webhook host rebind.example.com resolves to a non-public address (loopback)' });
  });
});
