import { describe, expect, it } from 'vitest';
import { calledSecondaryBase, rememberApiBase, toCanonicalUrl } from './legacyPaths.ts';

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

  it.each([
    ['/api23/pay/getTopSales.php?yearId=2', true],
    ['/api23?x=1', true],
    ['/%61pi23/pay/getTopSales', true],
    ['/api/pay/getTopSales?x=/api23/', false],
    ['/api230/items', false],
    ['/api/items/read', false],
  ])('the base of %s is the secondary one: %s', (url, secondary) => {
    const raw = { url };
    rememberApiBase(raw);
    expect(calledSecondaryBase(raw)).toBe(secondary);
  });
});
