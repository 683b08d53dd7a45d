import { describe, expect, it } from 'vitest';
import { isActionMessage, isCommandMessage, proctorOrigin, stepsUrl } from '../../src/messages';

describe("the extension's pairing and messages", () => {
  it("should pair with an http(s) Proctor's origin only", () => {
    expect(proctorOrigin(' https://proctor.example.com/trainer?x=1 ')).toBe('https://proctor.example.com');
    expect(proctorOrigin('http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    for (const refused of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'https://user:pw@proctor.example',
      'proctor',
    ])
      expect(proctorOrigin(refused)).toBeNull();
  });

  it('should upload under the paired origin whatever the session id says', () => {
    expect(stepsUrl('https://proctor.example', '../../evil?x=')).toBe(
      'https://proctor.example/api/browser-sessions/..%2F..%2Fevil%3Fx%3D/extension-steps',
    );
  });

  it('should take only the commands and actions it knows', () => {
    expect(isCommandMessage({ kind: 'command', type: 'PING' })).toBe(true);
    expect(isCommandMessage({ kind: 'command', type: 'UPLOAD_ANYWHERE' })).toBe(false);
    expect(
      isActionMessage({ kind: 'action', url: 'https://a.example/', timestamp: 1, action: { type: 'click' } }),
    ).toBe(true);
    expect(isActionMessage({ kind: 'action', url: 'https://a.example/' })).toBe(false);
  });
});
