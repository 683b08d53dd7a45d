import { DEFAULT_AGENT_EMOJI } from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../src/kernel/http/errors';
import { passAtK } from '../../src/scoring/passAtK';
import { agentIconOf, ICON_MESSAGES } from '../../src/services/agentIcons';

describe('pass@k and pass^k', () => {
  it('should match the binomial formulas for 7 passes of 10 runs, k up to 5', () => {
    const { passAtK: atK, passHatK: hatK } = passAtK(10, 7);
    // pass@k = 1 − C(3,k)/C(10,k); pass^k = C(7,k)/C(10,k).
    const expectedAtK = [7 / 10, 1 - 3 / 45, 1 - 1 / 120, 1, 1];
    const expectedHatK = [7 / 10, 21 / 45, 35 / 120, 35 / 210, 21 / 252];
    expect(Object.keys(atK)).toEqual(['1', '2', '3', '4', '5']);
    expect(Object.keys(hatK)).toEqual(['1', '2', '3', '4', '5']);
    for (const [i, value] of expectedAtK.entries()) expect(atK[String(i + 1)]).toBeCloseTo(value, 12);
    for (const [i, value] of expectedHatK.entries()) expect(hatK[String(i + 1)]).toBeCloseTo(value, 12);
  });

  it('should stop at the number of scored runs when there are fewer than 5', () => {
    expect(passAtK(3, 2)).toEqual({
      passAtK: { '1': expect.closeTo(2 / 3, 12), '2': 1, '3': 1 },
      passHatK: { '1': 2 / 3, '2': expect.closeTo(1 / 3, 12), '3': 0 },
    });
    expect(passAtK(0, 0)).toEqual({ passAtK: {}, passHatK: {} });
  });

  it('should be 0 and 1 throughout for an agent that always fails or always passes', () => {
    expect(passAtK(6, 0)).toEqual({
      passAtK: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 },
      passHatK: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 },
    });
    expect(passAtK(6, 6)).toEqual({
      passAtK: { '1': 1, '2': 1, '3': 1, '4': 1, '5': 1 },
      passHatK: { '1': 1, '2': 1, '3': 1, '4': 1, '5': 1 },
    });
  });

  it('should refuse more passes than runs', () => {
    expect(() => passAtK(2, 3)).toThrow(RangeError);
    expect(() => passAtK(-1, 0)).toThrow(RangeError);
  });
});

describe("an agent's icon", () => {
  const invalid = (text: string) => {
    let error: unknown;
    try {
      agentIconOf(text, 'dev');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 400, detail: ICON_MESSAGES.invalid });
  };

  it('should keep an http(s) URL without spaces or quotes as it is', () => {
    expect(agentIconOf('https://cdn.example.test/agents/bot.png?v=2', 'dev')).toEqual({
      kind: 'url',
      url: 'https://cdn.example.test/agents/bot.png?v=2',
    });
    expect(agentIconOf('HTTP://example.test/a.svg', 'human')).toEqual({
      kind: 'url',
      url: 'HTTP://example.test/a.svg',
    });
  });

  it('should take one emoji, however many code points it has, to be drawn', () => {
    for (const emoji of ['🦊', '👩🏽‍💻', '🇫🇷', '1️⃣', '❤️']) {
      expect(agentIconOf(emoji, 'dev')).toEqual({ kind: 'emoji', emoji });
    }
  });

  it("should give the type's emoji when there is no icon", () => {
    expect(agentIconOf(undefined, 'human')).toEqual({ kind: 'emoji', emoji: DEFAULT_AGENT_EMOJI.human });
    expect(agentIconOf(undefined, 'git_container')).toEqual({
      kind: 'emoji',
      emoji: DEFAULT_AGENT_EMOJI.git_container,
    });
  });

  it('should refuse two emoji, text, and URLs with spaces or quotes or of other schemes', () => {
    for (const text of [
      '🦊🦊',
      'A',
      'bot',
      'https://example.test/my bot.png',
      'https://example.test/"bot".png',
      'ftp://example.test/bot.png',
      'javascript:alert(1)',
      '/api/agent-artifacts/1/icon',
    ])
      invalid(text);
  });
});
