import { describe, expect, it } from 'vitest';
import { socketUrlOfLiveView } from '../../src/features/environments/socketUrlOfLiveView';

describe('live view socket address', () => {
  it('should turn an http live view page into a ws socket with the same token', () => {
    expect(socketUrlOfLiveView('http://localhost:3000/live/6f1c2e/?token=abc.def')).toBe(
      'ws://localhost:3000/live/6f1c2e/ws?token=abc.def',
    );
    expect(socketUrlOfLiveView('http://127.0.0.1:4100/live/6f1c2e?token=abc.def')).toBe(
      'ws://127.0.0.1:4100/live/6f1c2e/ws?token=abc.def',
    );
  });

  it('should use wss behind TLS', () => {
    expect(socketUrlOfLiveView('https://proctor.example.com/live/env-1?token=T')).toBe(
      'wss://proctor.example.com/live/env-1/ws?token=T',
    );
  });

  it('should keep a path prefix and an encoded id as they are', () => {
    expect(socketUrlOfLiveView('https://example.com/proctor/live/env%201?token=a%2Bb')).toBe(
      'wss://example.com/proctor/live/env%201/ws?token=a%2Bb',
    );
  });
});
