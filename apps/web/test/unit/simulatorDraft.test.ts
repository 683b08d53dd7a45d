import type { Simulator } from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import { draftFrom, isChanged, updateFor } from '../../src/features/simulatorEditor/simulatorDraft';

const simulator: Simulator = {
  id: 7,
  name: 'bank',
  description: 'A bank',
  url: 'http://bank.test',
  imgUrl: null,
  enabled: true,
  jobName: 'BANKJob',
  internalAppPort: 3000,
  simType: 'docker_app',
  builtIn: false,
  config: { status: 'ready', assigned_user_id: 4, license: 'MIT', notes: 'nightly reset' },
  test_count: 0,
  test_count_with_scoring_configs: 0,
  num_sessions_breakdown: {},
  versions: [],
};

describe("the simulator editor's Configuration form", () => {
  it('should show status and the assigned user in their own fields and the rest of the config as JSON', () => {
    const draft = draftFrom(simulator);
    expect(draft.status).toBe('ready');
    expect(draft.assignedUserId).toBe('4');
    expect(JSON.parse(draft.config)).toEqual({ license: 'MIT', notes: 'nightly reset' });
    expect(draft.imgUrl).toBe('');
    expect(draft.internalAppPort).toBe('3000');
  });

  it('should count nothing as changed until a field differs', () => {
    const loaded = draftFrom(simulator);
    expect(isChanged({ ...loaded }, loaded)).toBe(false);
    expect(isChanged({ ...loaded, enabled: false }, loaded)).toBe(true);
    expect(updateFor(loaded, loaded)).toEqual({});
  });

  it('should send only the changed fields, blanks as null', () => {
    const loaded = draftFrom(simulator);
    const body = updateFor(
      { ...loaded, description: 'A bigger bank', url: '  ', internalAppPort: '' },
      loaded,
    );
    expect(body).toEqual({ description: 'A bigger bank', url: null, internalAppPort: '' });
  });

  it('should clear a key removed from the JSON, since the server merges the config key by key', () => {
    const loaded = draftFrom(simulator);
    const body = updateFor({ ...loaded, config: '{"license": "Apache-2.0", "title": "Bank"}' }, loaded);
    expect(body).toEqual({ config: { notes: null, license: 'Apache-2.0', title: 'Bank' } });
  });

  it('should put status and the assigned user into the config, clearing the user when none is chosen', () => {
    const loaded = draftFrom(simulator);
    expect(updateFor({ ...loaded, status: 'out_of_service', assignedUserId: '' }, loaded)).toEqual({
      config: { status: 'out_of_service', assigned_user_id: null },
    });
  });

  it('should refuse JSON that is not an object', () => {
    const loaded = draftFrom(simulator);
    for (const config of ['{"license": ', '[1, 2]', 'null', '"MIT"']) {
      expect(updateFor({ ...loaded, config }, loaded), config).toBeNull();
    }
  });
});
