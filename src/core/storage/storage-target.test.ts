import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { InvalidStorageUrlError, parseStorageUrl } from './storage-target.ts';

describe('parseStorageUrl', () => {
  it('defaults to the local disk under DATA_DIR/content', () => {
    expect(parseStorageUrl(undefined, '/srv/data')).toEqual({ kind: 'local', root: '/srv/data/content' });
  });

  it('takes a file: URL as the content root', () => {
    expect(parseStorageUrl('file:///mnt/media%20files', '/srv/data')).toEqual({
      kind: 'local',
      root: '/mnt/media files',
    });
  });

  it('reads bucket, prefix, region, endpoint, path style and credentials from an s3: URL', () => {
    expect(
      parseStorageUrl(
        's3://AKIA123:se%2Fcret@media-bucket/learnbase/prod/?region=eu-west-3&endpoint=http://127.0.0.1:9000&forcePathStyle=false',
        '/d',
      ),
    ).toEqual({
      kind: 's3',
      bucket: 'media-bucket',
      keyPrefix: 'learnbase/prod/',
      region: 'eu-west-3',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: false,
      credentials: { accessKeyId: 'AKIA123', secretAccessKey: 'se/cret' },
    });
  });

  it('leaves credentials to the AWS chain when the URL has none, and uses path style with a custom endpoint', () => {
    expect(parseStorageUrl('s3://media?endpoint=https://s3.example.test', '/d')).toMatchObject({
      bucket: 'media',
      keyPrefix: '',
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: undefined,
    });
    expect(parseStorageUrl('s3://media', '/d')).toMatchObject({ endpoint: undefined, forcePathStyle: false });
  });

  it.each([
    ['not a url', 'is not a valid URL'],
    ['https://bucket', 'must use file: or s3:'],
    ['file://host/share', 'file:///absolute/path'],
    ['s3://Bad_Bucket', 'not a valid bucket name'],
    ['s3://bucket?regoin=x', 'unknown parameter "regoin"'],
    ['s3://bucket?endpoint=ftp://x', 'endpoint must be an http(s) URL'],
    ['s3://bucket?forcePathStyle=yes', 'forcePathStyle must be true or false'],
    ['s3://key@bucket', 'access key and a secret'],
    ['s3://bucket/a//b', 'key prefix'],
    ['s3://bucket/a/b c', 'key prefix'],
  ])('refuses %j', (raw, message) => {
    expect(() => parseStorageUrl(raw, '/d')).toThrow(InvalidStorageUrlError);
    expect(() => parseStorageUrl(raw, '/d')).toThrow(message);
  });

  it('is parsed once with the rest of the configuration, as a ConfigError naming STORAGE_URL', () => {
    expect(loadConfig({ DATA_DIR: '/srv/x' }).storage).toEqual({ kind: 'local', root: '/srv/x/content' });
    expect(() => loadConfig({ STORAGE_URL: 's3://bucket?x=1' })).toThrow(ConfigError);
    expect(() => loadConfig({ STORAGE_URL: 's3://bucket?x=1' })).toThrow('STORAGE_URL unknown parameter "x"');
  });
});
