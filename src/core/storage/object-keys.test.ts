import { describe, expect, it } from 'vitest';
import { assertValidKey, folderPrefix, InvalidKeyError, isValidKey, joinKey } from './object-keys.ts';

describe('storage keys', () => {
  it.each([
    'logo.png',
    'orgs/org_1/courses/course_2/activities/activity_3/video/0f1e2d3c-aaaa-4bbb-8ccc-123456789abc_video.mp4',
    'users/user_1/avatars/a~b-c_d.webp',
    'a/b.c.d/e',
  ])('accepts %s', (key) => {
    expect(assertValidKey(key)).toBe(key);
  });

  it.each([
    ['', 'empty'],
    ['/etc/passwd', 'absolute path'],
    ['orgs/../../etc/passwd', 'relative segment'],
    ['orgs/./logo.png', 'relative segment'],
    ['..', 'relative segment'],
    ['orgs//logo.png', 'empty segment'],
    ['orgs/logo.png/', 'empty segment'],
    ['orgs\\..\\secret', 'backslash'],
    ['orgs/lo\0go.png', 'NUL byte'],
    ['orgs/.hidden', "starts with '.'"],
    ['orgs/logo.png.abc123.part/.logo.png.abc.part', "starts with '.'"],
    ['orgs/%2e%2e/x', 'character outside'],
    ['orgs/log o.png', 'character outside'],
    ['orgs/logo\n.png', 'character outside'],
    ['orgs/ünïcode.png', 'character outside'],
    ['C:/windows', 'character outside'],
    [`a/${'x'.repeat(1030)}`, 'longer than 1024 bytes'],
  ])('refuses %j (%s)', (key, reason) => {
    expect(() => assertValidKey(key)).toThrow(InvalidKeyError);
    expect(() => assertValidKey(key)).toThrow(reason);
    expect(isValidKey(key)).toBe(false);
  });

  it('joins segments and refuses a segment that hides a separator or a parent step', () => {
    expect(joinKey('orgs', 'org_1', 'logos', 'x.png')).toBe('orgs/org_1/logos/x.png');
    expect(() => joinKey('orgs', '../secret')).toThrow(InvalidKeyError);
    expect(() => joinKey('orgs', 'a/b')).toThrow(InvalidKeyError);
    expect(() => joinKey('orgs', '')).toThrow('empty segment');
  });

  it('turns a folder into a prefix with exactly one trailing slash', () => {
    expect(folderPrefix('orgs/o/courses/c')).toBe('orgs/o/courses/c/');
    expect(folderPrefix('orgs/o/courses/c/')).toBe('orgs/o/courses/c/');
    expect(() => folderPrefix('/')).toThrow(InvalidKeyError);
    expect(() => folderPrefix('orgs//')).toThrow(InvalidKeyError);
    expect(() => folderPrefix('../orgs')).toThrow(InvalidKeyError);
  });
});
