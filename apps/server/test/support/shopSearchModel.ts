/**
 * The DOM agent's model for a task on the built-in shop, as an OpenAI-compatible chat endpoint's answer (the
 * content of its message) to the request `body` Proctor sent: it searches for skillets at the first step, then
 * answers off the accessibility tree in the fields the prompt asks for (run-task's prompt names them): one
 * "answer" sentence, or the first skillet's name and how many there are (the count as a string: run-task reads it
 * as the format's number). `wrong` answers a number for the name instead.
 */
export function shopSearchAnswer(body: string, options: { wrong?: boolean } = {}): string {
  const { messages } = JSON.parse(body) as { messages: Array<{ content: string }> };
  const prompt = messages.at(-1)?.content ?? '';
  const step = Number(/^Step (\d+) of/m.exec(prompt)?.[1] ?? 0);
  if (step === 1)
    return JSON.stringify({
      action: 'type',
      role: 'searchbox',
      name: 'Search products',
      text: 'Skillet',
      submit: true,
    });
  // Product names end in "Skillet"; the results' own heading ("Results for “Skillet”") does not.
  const names = [...prompt.matchAll(/heading "([^"]*skillet)"/gi)].map((match) => match[1]);
  const output = options.wrong
    ? { first: 5, count: 1 }
    : prompt.includes('"answer" (string)')
      ? { answer: `The first skillet is ${names[0]}` }
      : { first: names[0] ?? null, count: String(names.length) };
  return JSON.stringify({ action: 'done', output });
}
