import { describe, expect, it } from 'vitest';
import { sortVersionsByTag } from '../src/simulatorRegistry';

const version = (name: string, minute: number, dynamodb_tags: string[] = []) => ({
  name,
  dynamodb_tags,
  created_at: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(),
});

describe('sortVersionsByTag', () => {
  it('should put prod-latest, then staging-latest, then other tagged, then untagged, each newest first', () => {
    const sorted = sortVersionsByTag([
      version('untagged old', 1),
      version('other old', 2, ['v1']),
      version('staging', 3, ['staging-latest']),
      version('untagged new', 4),
      version('other new', 5, ['beta']),
      version('prod', 0, ['prod-latest', 'v0']),
    ]);
    expect(sorted.map((entry) => entry.name)).toEqual([
      'prod',
      'staging',
      'other new',
      'other old',
      'untagged new',
      'untagged old',
    ]);
  });

  it('should rank a version holding both leading tags as prod-latest', () => {
    const sorted = sortVersionsByTag([
      version('staging', 9, ['staging-latest']),
      version('both', 1, ['staging-latest', 'prod-latest']),
    ]);
    expect(sorted.map((entry) => entry.name)).toEqual(['both', 'staging']);
  });
});
