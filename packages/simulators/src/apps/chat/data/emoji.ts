/** The emoji Hubbub knows, by short name: reactions, statuses and :name: codes in messages. */
export const EMOJI: Record<string, string> = {
  thumbsup: '👍',
  heart: '❤️',
  tada: '🎉',
  eyes: '👀',
  joy: '😂',
  fire: '🔥',
  rocket: '🚀',
  pray: '🙏',
  white_check_mark: '✅',
  raised_hands: '🙌',
  clap: '👏',
  sparkles: '✨',
  100: '💯',
  thinking: '🤔',
  wave: '👋',
  bulb: '💡',
  warning: '⚠️',
  bug: '🐛',
  coffee: '☕',
  pizza: '🍕',
  ramen: '🍜',
  green_salad: '🥗',
  taco: '🌮',
  palm_tree: '🌴',
  airplane: '✈️',
  house: '🏠',
  calendar: '📅',
  headphones: '🎧',
  face_with_thermometer: '🤒',
  round_pushpin: '📍',
  art: '🎨',
  bar_chart: '📊',
  lock: '🔒',
  memo: '📝',
  sunny: '☀️',
  muscle: '💪',
};

/** Status presets of the status dialog: emoji and suggested text. */
export const STATUS_PRESETS: [string, string][] = [
  ['calendar', 'In a meeting'],
  ['airplane', 'Travelling'],
  ['face_with_thermometer', 'Out sick'],
  ['house', 'Working remotely'],
  ['palm_tree', 'On vacation'],
  ['headphones', 'Focusing'],
];

export function emojiChar(name: string): string {
  return EMOJI[name] ?? `:${name}:`;
}
