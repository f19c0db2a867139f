import { describe, expect, it } from 'vitest';
import { redactUrl, toCanonicalUrl } from './legacyPaths.ts';

describe('legacy paths', () => {
  it.each([
    ['/api/items/read.php?store_id=1', '/api/items/read?store_id=1'],
    ['/api/items/read', '/api/items/read'],
    ['/api23/items/read.php?yearId=2', '/api/items/read?yearId=2'],
    ['/api23/store/read', '/api/store/read'],
    ['/api23', '/api'],
    // Only API paths lose the suffix, and a `.php` inside the query is left alone.
    ['/assets/x.php', '/assets/x.php'],
    ['/api/items/read?name=a.php', '/api/items/read?name=a.php'],
    ['/api230/items', '/api230/items'],
  ])('%s is served as %s', (url, canonical) => {
    expect(toCanonicalUrl(url)).toBe(canonical);
  });

  it('a password in a query string never reaches the log', () => {
    expect(redactUrl('/api/users/login.php?user_name=a&password=s3cret&store_id=1')).toBe(
      '/api/users/login.php?user_name=a&password=***&store_id=1',
    );
    expect(redactUrl('/api/x?PASSWORD=abc')).toBe('/api/x?PASSWORD=***');
  });
});
