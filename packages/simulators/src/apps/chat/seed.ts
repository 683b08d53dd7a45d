import type { SeedContext } from '../../kit';
import { CHANNELS } from './data/channels';
import { EMOJI } from './data/emoji';
import {
  FIRST_NAMES,
  handleOf,
  LAST_NAMES,
  PEOPLE,
  type Person,
  TEAM_TITLES,
  TIMEZONES,
} from './data/people';
import { SCENARIO } from './data/scenario';
import { FILE_NAMES, LINES, REPLIES } from './data/words';
import { insertMessage, ME } from './domain';

const DAY = 86_400_000;
const MINUTE = 60_000;
export const GENERATED_PEOPLE = 26;

/** Messages drawn per channel, spread over the last six weeks (hack week 2025 over its own week). */
const VOLUME: Record<string, number> = {
  general: 240,
  random: 255,
  platform: 420,
  design: 210,
  'design-review': 52,
  support: 315,
  marketing: 180,
  'launch-crew': 68,
  releases: 38,
  incidents: 60,
  'hackweek-2025': 45,
  'hackweek-2026': 45,
};

function generatedPeople(rng: SeedContext['rng']): Person[] {
  const taken = new Set(PEOPLE.map((p) => p.name));
  const teams = Object.keys(TEAM_TITLES);
  const out: Person[] = [];
  while (out.length < GENERATED_PEOPLE) {
    const name = `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
    if (taken.has(name) || name.startsWith('Sam ')) continue;
    taken.add(name);
    const team = teams[out.length % teams.length] ?? 'Product';
    out.push({
      name,
      team,
      title: rng.pick(TEAM_TITLES[team] ?? ['Engineer']),
      timezone: rng.pick(TIMEZONES),
    });
  }
  return out;
}

/** A working-hours instant `daysAgo` days before now (never after it). */
function workTime(rng: SeedContext['rng'], now: Date, daysAgo: number): number {
  const day = new Date(now.getTime() - daysAgo * DAY);
  const start = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 7, 30);
  const at = start + rng.int(0, 10 * 60) * MINUTE + rng.int(0, 59) * 1000;
  return Math.min(at, now.getTime() - rng.int(5, 600) * MINUTE);
}

export function seed({ db, rng, now }: SeedContext): void {
  const peopleRng = rng.fork('people');
  const everyone = [...PEOPLE, ...generatedPeople(peopleRng)];
  const insertUser = db.prepare(
    `INSERT INTO users (id, name, handle, email, title, team, timezone, phone, status_emoji, status_text)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  everyone.forEach((p, index) => {
    const handle = handleOf(p.name);
    const status =
      index === 6
        ? ['calendar', 'Planning the offsite']
        : index === 11
          ? ['headphones', 'Focusing']
          : index > 13 && peopleRng.bool(0.2)
            ? peopleRng.pick([
                ['house', 'Working remotely'],
                ['calendar', 'In a meeting'],
                ['airplane', 'Travelling'],
                ['face_with_thermometer', 'Out sick'],
              ])
            : ['', ''];
    insertUser.run(
      index + 1,
      p.name,
      handle,
      `${handle}@fernwood.io`,
      p.title,
      p.team,
      p.timezone,
      `+351 21 ${peopleRng.int(100, 999)} ${peopleRng.int(1000, 9999)}`,
      status[0],
      status[1],
    );
  });
  db.prepare(
    "INSERT INTO preferences (user_id, notify, email_digest, theme, compact) VALUES (1, 'all', 1, 'system', 0)",
  ).run();

  // Channels and who is in them: Jordan everywhere, teams in theirs, others at random, authors always.
  const memberRng = rng.fork('members');
  const insertChannel = db.prepare(
    'INSERT INTO channels (id, name, topic, purpose, is_private, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const insertMember = db.prepare(
    'INSERT OR IGNORE INTO members (channel_id, user_id, joined_at) VALUES (?, ?, ?)',
  );
  const channelIds = new Map<string, number>();
  const membersOf = new Map<number, number[]>();
  CHANNELS.forEach((c, index) => {
    const id = index + 1;
    const created = new Date(now.getTime() - c.age * DAY).toISOString();
    insertChannel.run(id, c.name, c.topic, c.purpose, c.isPrivate ? 1 : 0, c.isPrivate ? 2 : 13, created);
    channelIds.set(c.name, id);
    const members = everyone
      .map((p, i) => ({ p, id: i + 1 }))
      .filter(({ p, id: userId }) => userId === ME || c.teams.includes(p.team) || memberRng.bool(c.others))
      .map(({ id: userId }) => userId);
    for (const m of SCENARIO) if (m.channel === c.name && !members.includes(m.user)) members.push(m.user);
    members.sort((a, b) => a - b);
    for (const userId of members) insertMember.run(id, userId, created);
    membersOf.set(id, members);
  });

  // The hand-written messages, ids 1..n.
  const scenarioRng = rng.fork('scenario');
  const insertReaction = db.prepare(
    'INSERT OR IGNORE INTO reactions (message_id, user_id, emoji, created_at) VALUES (?, ?, ?, ?)',
  );
  const scenarioIds = new Map<string, number>();
  for (const m of SCENARIO) {
    const channelId = channelIds.get(m.channel) ?? 1;
    const id = insertMessage(
      db,
      {
        channelId,
        userId: m.user,
        parentId: m.parent ? (scenarioIds.get(m.parent) ?? null) : null,
        body: m.body,
        at: new Date(m.at).toISOString(),
      },
      !m.unread,
    );
    scenarioIds.set(m.key, id);
    if (m.pinnedBy)
      db.prepare('UPDATE messages SET pinned_by = ?, pinned_at = ? WHERE id = ?').run(
        m.pinnedBy,
        new Date(new Date(m.at).getTime() + 30 * MINUTE).toISOString(),
        id,
      );
    const reactors = (membersOf.get(channelId) ?? []).filter((u) => u !== ME && u !== m.user);
    for (const [emoji, count] of m.reactions ?? []) {
      for (const userId of scenarioRng.sample(reactors, count))
        insertReaction.run(
          id,
          userId,
          emoji,
          new Date(new Date(m.at).getTime() + scenarioRng.int(1, 240) * MINUTE).toISOString(),
        );
    }
    if (m.saved)
      db.prepare('INSERT INTO saved (message_id, user_id, created_at) VALUES (?, 1, ?)').run(
        id,
        new Date(new Date(m.at).getTime() + 2 * MINUTE).toISOString(),
      );
  }

  // Everyday chatter: top-level messages, threads, reactions, files.
  const chatRng = rng.fork('messages');
  const emojiNames = Object.keys(EMOJI).filter(
    (e) => !['pizza', 'ramen', 'green_salad', 'taco', 'palm_tree'].includes(e),
  );
  const roots: { id: number; channelId: number; at: number; user: number }[] = [];
  for (const c of CHANNELS) {
    const channelId = channelIds.get(c.name) ?? 1;
    const members = membersOf.get(channelId) ?? [ME];
    const authors = members.filter((u) => u !== ME || chatRng.bool(0.5));
    const lines = LINES[c.name] ?? LINES.general ?? [];
    const times: number[] = [];
    for (let i = 0; i < (VOLUME[c.name] ?? 50); i++) {
      if (c.name === 'hackweek-2025') {
        times.push(Date.UTC(2025, 3, 25) + chatRng.int(0, 7 * 24 * 60) * MINUTE);
      } else times.push(workTime(chatRng, now, chatRng.int(0, Math.min(42, c.age))));
    }
    times.sort((a, b) => a - b);
    const recent: string[] = [];
    for (const at of times) {
      const user = chatRng.pick(authors);
      // No line twice in a short while: a channel does not repeat itself within a day or two.
      let line = chatRng.pick(lines);
      for (let tries = 0; tries < 8 && recent.includes(line); tries++) line = chatRng.pick(lines);
      recent.push(line);
      if (recent.length > Math.min(10, lines.length - 2)) recent.shift();
      const body = line.replace('{n}', String(chatRng.int(1200, 4800)));
      const id = insertMessage(
        db,
        { channelId, userId: user, parentId: null, body, at: new Date(at).toISOString() },
        true,
      );
      roots.push({ id, channelId, at, user });
    }
  }
  const fileRng = rng.fork('files');
  const pinRng = rng.fork('pins');
  const insertFile = db.prepare(
    'INSERT INTO files (message_id, name, size, type, content, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  for (const root of roots) {
    const members = membersOf.get(root.channelId) ?? [ME];
    if (chatRng.bool(0.2)) {
      let at = root.at;
      const rootAuthor = everyone[root.user - 1]?.name ?? '';
      for (let r = chatRng.int(1, 5); r > 0; r--) {
        at += chatRng.int(2, 90) * MINUTE;
        if (at >= now.getTime() - MINUTE) break;
        const user = chatRng.pick(members);
        const mention = user !== root.user && root.user !== ME && chatRng.bool(0.2) ? `@${rootAuthor} ` : '';
        insertMessage(
          db,
          {
            channelId: root.channelId,
            userId: user,
            parentId: root.id,
            body: `${mention}${chatRng.pick(REPLIES)}`,
            at: new Date(at).toISOString(),
          },
          true,
        );
      }
    }
    if (chatRng.bool(0.25)) {
      for (const emoji of chatRng.sample(emojiNames, chatRng.int(1, 3)))
        for (const userId of chatRng.sample(members, chatRng.int(1, Math.min(5, members.length))))
          insertReaction.run(
            root.id,
            userId,
            emoji,
            new Date(root.at + chatRng.int(1, 120) * MINUTE).toISOString(),
          );
    }
    if (fileRng.bool(0.015)) {
      const [name, type] = fileRng.pick(FILE_NAMES);
      insertFile.run(root.id, name, fileRng.int(8, 4000) * 1024, type, '', new Date(root.at).toISOString());
    }
    // A few everyday messages are pinned by whoever wrote them.
    if (pinRng.bool(0.006))
      db.prepare('UPDATE messages SET pinned_by = user_id, pinned_at = ? WHERE id = ?').run(
        new Date(root.at + 3_600_000).toISOString(),
        root.id,
      );
  }
}
