import { describe, expect, it } from 'vitest';
import {
  appNames,
  expectationRows,
  otherSimulatorOptions,
  withExpectationApp,
} from '../../src/features/testCaseAuthoring/testCaseApps';

const simulators = [
  { id: 1, name: 'mail', simType: 'docker_app' as const },
  { id: 2, name: 'calendar', simType: 'docker_app' as const },
  { id: 3, name: 'recorded-site', simType: 'proxy' as const },
];

describe("a test case's other apps in its forms", () => {
  it('should offer the simulators the caller may use, but not the own one nor a proxy simulator', () => {
    expect(otherSimulatorOptions(simulators, 1)).toEqual([{ value: '2', label: 'calendar' }]);
    // One the test case already names but the list lacks (no longer visible) still shows by its name.
    expect(otherSimulatorOptions(simulators, 1, [{ id: 9, name: 'chat' }])).toEqual([
      { value: '2', label: 'calendar' },
      { value: '9', label: 'chat' },
    ]);
    expect(
      appNames('mail', ['9', '2'], otherSimulatorOptions(simulators, 1, [{ id: 9, name: 'chat' }])),
    ).toEqual(['mail', 'chat', 'calendar']);
  });

  it('should list the expected mutations with their app and write the chosen app as the simulator tag', () => {
    const config = JSON.stringify({
      mutations: [
        { action: 'INSERT', table_name: 'labels' },
        { action: 'UPDATE', table_name: 'events', pk: '5', simulator: 'calendar' },
      ],
      ignore_columns: { '*': ['updated_at'] },
    });
    expect(expectationRows(config)).toEqual([
      { index: 0, action: 'INSERT', table: 'labels', pk: undefined, app: undefined },
      { index: 1, action: 'UPDATE', table: 'events', pk: '5', app: 'calendar' },
    ]);
    const moved = JSON.parse(withExpectationApp(config, 0, 'calendar', 'mail'));
    expect(moved.mutations[0]).toEqual({ action: 'INSERT', table_name: 'labels', simulator: 'calendar' });
    expect(moved.ignore_columns).toEqual({ '*': ['updated_at'] });
    // Back to the own simulator: untagged, as the server reads its own app's expectations.
    const back = JSON.parse(withExpectationApp(config, 1, 'mail', 'mail'));
    expect(back.mutations[1]).toEqual({ action: 'UPDATE', table_name: 'events', pk: '5' });
  });

  it('should leave a configuration that does not parse as it is, with no rows', () => {
    expect(expectationRows('{oops')).toEqual([]);
    expect(expectationRows('{"type": "api"}')).toEqual([]);
    expect(withExpectationApp('{oops', 0, 'calendar', 'mail')).toBe('{oops');
  });
});
