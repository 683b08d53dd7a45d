import { formatDate, formatDateTime, type Rng, type SeedContext, type SqliteDatabase } from '../../kit';
import {
  AUTOMATED,
  AUTOMATED_BODY,
  CLIENT_TOPICS,
  INTERNAL_TOPICS,
  PARTNER_TOPICS,
  PROJECTS,
  SPAM,
  type Topic,
  WEEKDAYS,
} from './data/mail';
import {
  COMPANIES,
  FIRST_NAMES,
  JOB_TITLES,
  KNOWN_PEOPLE,
  LAST_NAMES,
  OWNER,
  type Person,
} from './data/people';
import type { Folder, LabelColor, MessageKind } from './schema';

const DAY = 86_400_000;
const MINUTE = 60_000;

/** Labels the mailbox starts with; ids follow this order. */
export const SEED_LABELS: readonly { name: string; color: LabelColor }[] = [
  { name: 'Clients', color: 'blue' },
  { name: 'Invoices', color: 'green' },
  { name: 'Team', color: 'orange' },
  { name: 'Hiring', color: 'purple' },
  { name: 'Newsletters', color: 'teal' },
  { name: 'Misc', color: 'yellow' },
];
const LABEL = { clients: 1, invoices: 2, team: 3, hiring: 4, newsletters: 5, misc: 6 } as const;

interface SeedAttachment {
  filename: string;
  contentType: string;
  size: number;
}
interface SeedMessage {
  from: { name: string; email: string };
  to: string[];
  cc?: string[];
  body: string;
  at: string;
  kind?: MessageKind;
  attachments?: SeedAttachment[];
}
interface SeedThread {
  subject: string;
  folder: Folder;
  read: boolean;
  starred?: boolean;
  labels?: number[];
  messages: SeedMessage[];
}

const PDF = 'application/pdf';
const person = (email: string) => {
  const found = KNOWN_PEOPLE.find((p) => p.email === email);
  if (!found) throw new Error(`Unknown seed person ${email}`);
  return { name: found.name, email: found.email };
};
const me = { name: OWNER.name, email: OWNER.email };

/** "On Mar 3, 2026, 10:00 AM, Sofia Lindqvist wrote:" followed by the quoted body, as mail clients quote. */
export function quoteOf(message: { from_name: string; sent_at: string; body: string }): string {
  const lines = message.body.split('\n').map((line) => (line ? `> ${line}` : '>'));
  return `On ${formatDateTime(message.sent_at)}, ${message.from_name} wrote:\n${lines.join('\n')}`;
}

class MailboxWriter {
  readonly #thread;
  readonly #message;
  readonly #attachment;
  readonly #label;

  constructor(db: SqliteDatabase) {
    this.#thread = db.prepare(
      'INSERT INTO threads (subject, folder, is_read, starred, last_message_at) VALUES (?, ?, ?, ?, ?)',
    );
    this.#message = db.prepare(
      `INSERT INTO messages (thread_id, kind, from_name, from_email, to_addrs, cc_addrs, subject, body, signature, quoted, sent_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.#attachment = db.prepare(
      'INSERT INTO attachments (message_id, filename, content_type, size_bytes) VALUES (?, ?, ?, ?)',
    );
    this.#label = db.prepare('INSERT INTO thread_labels (thread_id, label_id) VALUES (?, ?)');
  }

  add(thread: SeedThread): number {
    const last = thread.messages[thread.messages.length - 1] as SeedMessage;
    const threadId = Number(
      this.#thread.run(thread.subject, thread.folder, thread.read ? 1 : 0, thread.starred ? 1 : 0, last.at)
        .lastInsertRowid,
    );
    let previous: { from_name: string; sent_at: string; body: string } | null = null;
    for (const message of thread.messages) {
      const kind = message.kind ?? (previous ? 'reply_all' : 'original');
      const subject = previous ? `Re: ${thread.subject}` : thread.subject;
      const mine = message.from.email === OWNER.email;
      const messageId = this.#message.run(
        threadId,
        kind,
        message.from.name,
        message.from.email,
        message.to.join(', '),
        (message.cc ?? []).join(', '),
        subject,
        message.body,
        mine ? OWNER.signature : '',
        previous ? quoteOf(previous) : '',
        message.at,
      ).lastInsertRowid;
      for (const file of message.attachments ?? []) {
        this.#attachment.run(messageId, file.filename, file.contentType, file.size);
      }
      previous = { from_name: message.from.name, sent_at: message.at, body: message.body };
    }
    for (const label of thread.labels ?? []) this.#label.run(threadId, label);
    return threadId;
  }
}

/** ISO instant of a given UTC day and time, e.g. at('2026-03-09', '16:20'). */
const at = (day: string, time: string) => `${day}T${time}:00.000Z`;

function invoice(
  vendor: string,
  number: string,
  amount: string,
  day: string,
  due: string,
  folder: Folder,
  extra: Partial<SeedThread> = {},
): SeedThread {
  const from = person(vendor);
  return {
    subject: `Invoice ${number} from ${from.name}`,
    folder,
    read: true,
    ...extra,
    messages: [
      {
        from,
        to: [OWNER.email],
        body: `Hello Fernhill Studio,\n\nPlease find attached invoice ${number} for ${amount}, due on ${due}.\n\nPayment by bank transfer to the account on the invoice. Reply to this email with any questions.\n\nThank you,\n${from.name}`,
        at: at(day, '08:30'),
        attachments: [{ filename: `${number}.pdf`, contentType: PDF, size: 84_000 + number.length * 1337 }],
      },
    ],
  };
}

const TEAM = [
  'sofia.lindqvist@fernhill.io',
  OWNER.email,
  'priya.natarajan@fernhill.io',
  'marcus.reyes@fernhill.io',
  'omar.haddad@fernhill.io',
  'hannah.cole@fernhill.io',
];
const TEAM_CC = ['leo.martins@fernhill.io', 'daniel.okafor@fernhill.io'];

/** The conversations test cases name, written by hand so their ids and values are known. */
function writeKnownThreads(mail: MailboxWriter): void {
  // 1
  mail.add({
    subject: 'Q2 board deck — final review',
    folder: 'inbox',
    read: false,
    messages: [
      {
        from: person('priya.natarajan@fernhill.io'),
        to: [OWNER.email],
        cc: ['marcus.reyes@fernhill.io'],
        body: 'Hi Nora,\n\nHere is v7 of the Q2 board deck. The revenue bridge on slide 9 is final; the headcount plan on slide 14 still needs your numbers.\n\nCould you review by Wednesday noon?\n\nThanks,\nPriya',
        at: at('2026-03-09', '16:20'),
        attachments: [
          {
            filename: 'Fernhill_Board_Deck_Q2_v7.pptx',
            contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
            size: 8_806_400,
          },
        ],
      },
      {
        from: person('marcus.reyes@fernhill.io'),
        to: ['priya.natarajan@fernhill.io', OWNER.email],
        body: 'Two charts on slides 11 and 12 had the old colours — fixed versions attached.\n\nMarcus',
        at: at('2026-03-09', '17:05'),
        attachments: [{ filename: 'Chart_fixes.pdf', contentType: PDF, size: 421_888 }],
      },
    ],
  });
  // 2
  const sofia = person('sofia.lindqvist@fernhill.io');
  const vote = (email: string, body: string, time: string): SeedMessage => ({
    from: person(email),
    to: TEAM.filter((e) => e !== email),
    cc: TEAM_CC.filter((e) => e !== email),
    body,
    at: time,
  });
  mail.add({
    subject: 'Team offsite — vote for a date',
    folder: 'inbox',
    read: true,
    labels: [LABEL.team],
    messages: [
      {
        from: sofia,
        to: TEAM.filter((e) => e !== sofia.email),
        cc: TEAM_CC,
        body: 'Hi all,\n\nThe spring offsite is happening at the Cascade Lodge in Hood River. We have three possible dates:\n\n• Thursday April 16\n• Friday April 17\n• Thursday April 23\n\nPlease reply all with the date that suits you best. I will book whichever date gets the most votes.\n\nSofia',
        at: at('2026-03-03', '10:00'),
      },
      vote('marcus.reyes@fernhill.io', 'Friday April 17 works best for me.', at('2026-03-03', '11:12')),
      vote(
        'omar.haddad@fernhill.io',
        'Thursday April 23 — I am at a conference in Seattle the week before.',
        at('2026-03-03', '14:40'),
      ),
      vote('hannah.cole@fernhill.io', 'Friday April 17 for me too.', at('2026-03-04', '09:05')),
      vote(
        'leo.martins@fernhill.io',
        'Thursday April 16 please — I am on the Halcyon shoot on the 17th.',
        at('2026-03-04', '12:30'),
      ),
      vote(
        'priya.natarajan@fernhill.io',
        'I could do April 23 at a push, but Friday April 17 is my vote.',
        at('2026-03-05', '08:45'),
      ),
    ],
  });
  // 3: phishing, 4: the genuine IT mail next to it
  mail.add({
    subject: 'Action required: your mailbox storage is 98% full',
    folder: 'inbox',
    read: false,
    messages: [
      {
        from: { name: 'Fernhill IT Helpdesk', email: 'it-support@fernhill-io.help' },
        to: [OWNER.email],
        body: 'Dear user,\n\nYour mailbox has reached 98% of its storage limit. Incoming messages will be rejected within 24 hours.\n\nVerify your account now to receive 50 GB of free storage: http://fernhill-io.help/verify\n\nIT Helpdesk',
        at: at('2026-03-10', '07:55'),
      },
    ],
  });
  mail.add({
    subject: 'Laptop refresh schedule',
    folder: 'inbox',
    read: true,
    messages: [
      {
        from: person('omar.haddad@fernhill.io'),
        to: [OWNER.email],
        body: 'Hi Nora,\n\nThe new MacBooks arrive on the 18th. I will swap machines team by team; design goes first. Nobody needs to do anything yet — I will never ask for passwords by email.\n\nOmar',
        at: at('2026-03-06', '13:10'),
      },
    ],
  });
  // 5-13: vendor invoices and the payment run that paid some of them
  mail.add(
    invoice(
      'billing@lumencloud.io',
      'LC-2026-0114',
      '$1,197.15',
      '2026-01-14',
      'February 13, 2026',
      'archive',
    ),
  );
  mail.add(
    invoice('billing@lumencloud.io', 'LC-2026-0211', '$1,284.40', '2026-02-11', 'March 13, 2026', 'archive'),
  );
  mail.add(
    invoice('accounts@northlineprint.com', 'INV-4471', '$2,350.00', '2026-02-12', 'March 14, 2026', 'inbox', {
      labels: [LABEL.invoices],
    }),
  );
  mail.add(
    invoice('invoices@kestrelstudios.co', 'KS-0192', '$4,800.00', '2026-02-18', 'March 20, 2026', 'inbox'),
  );
  mail.add(
    invoice('orders@papercutcoffee.com', 'PC-2202', '$186.50', '2026-02-20', 'March 6, 2026', 'archive'),
  );
  mail.add(
    invoice('billing@orbitcourier.com', 'OC-88310', '$92.75', '2026-02-24', 'March 24, 2026', 'inbox', {
      read: false,
    }),
  );
  mail.add(
    invoice(
      'accounts@brightlinelegal.com',
      'BL-2026-031',
      '$1,650.00',
      '2026-02-27',
      'March 27, 2026',
      'archive',
      {
        labels: [LABEL.invoices],
      },
    ),
  );
  mail.add(
    invoice(
      'accounts@northlineprint.com',
      'INV-4398',
      '$1,120.00',
      '2026-01-22',
      'February 21, 2026',
      'archive',
    ),
  );
  mail.add({
    subject: 'February payment run — remittance summary',
    folder: 'inbox',
    read: true,
    labels: [LABEL.invoices],
    messages: [
      {
        from: person('ap@fernhill.io'),
        to: [OWNER.email],
        cc: ['priya.natarajan@fernhill.io'],
        body: 'Hi Nora,\n\nThe February payment run went out this morning. Paid:\n\n• Northline Print INV-4398 — $1,120.00\n• Northline Print INV-4471 — $2,350.00\n• Lumen Cloud LC-2026-0114 — $1,197.15\n• Lumen Cloud LC-2026-0211 — $1,284.40\n• Papercut Coffee PC-2202 — $186.50\n• Brightline Legal BL-2026-031 — $1,650.00\n\nAnything not on this list waits for the March run. Invoices over $1,000 need approval from finance-approvals@fernhill.io before they can be scheduled.\n\nAccounts Payable',
        at: at('2026-03-06', '09:15'),
      },
    ],
  });
  // 14-18: Juniper Health, a client
  const juniper = (
    email: string,
    subject: string,
    day: string,
    folder: Folder,
    read: boolean,
    body: string,
    attachments: SeedAttachment[],
    labels: number[] = [],
  ) =>
    mail.add({
      subject,
      folder,
      read,
      labels,
      messages: [{ from: person(email), to: [OWNER.email], body, at: at(day, '15:00'), attachments }],
    });
  juniper(
    'rachel.kim@juniperhealth.com',
    'Juniper patient portal — rollout checklist',
    '2026-03-09',
    'inbox',
    false,
    'Hi Nora,\n\nAttached is our rollout checklist for the patient portal. Could your team fill in the design QA rows before Friday?\n\nRachel',
    [
      {
        filename: 'Rollout_checklist.xlsx',
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        size: 98_304,
      },
    ],
  );
  juniper(
    'ines.duarte@juniperhealth.com',
    'Accessibility audit results',
    '2026-03-05',
    'inbox',
    true,
    'Hello Nora,\n\nThe external audit is back. Mostly contrast issues on the appointment pages; details in the report.\n\nInês',
    [{ filename: 'Accessibility_audit_Feb.pdf', contentType: PDF, size: 3_250_585 }],
  );
  juniper(
    'tom.avery@juniperhealth.com',
    'Sprint 14 demo recording',
    '2026-03-02',
    'inbox',
    false,
    'Hi Nora, the recording of Friday’s demo is on our shared drive under Sprint 14. Great work from your team.\n\nTom',
    [],
    [LABEL.clients],
  );
  juniper(
    'ines.duarte@juniperhealth.com',
    'Contract amendment #2 (signed)',
    '2026-02-19',
    'archive',
    true,
    'Nora,\n\nPlease find the countersigned amendment attached for your records.\n\nInês',
    [{ filename: 'Contract_Amendment_2_signed.pdf', contentType: PDF, size: 4_823_449 }],
    [LABEL.clients],
  );
  juniper(
    'tom.avery@juniperhealth.com',
    'Brand photography shortlist',
    '2026-02-26',
    'inbox',
    true,
    'Hi Nora,\n\nHere is the shortlist from the photo shoot. We prefer the outdoor set.\n\nTom',
    [{ filename: 'Photo_shortlist.zip', contentType: 'application/zip', size: 4_089_446 }],
  );
  // 19-24: The Morning Ledger
  const ledger = { name: 'The Morning Ledger', email: 'digest@morningledger.news' };
  const editions: [string, Folder, boolean][] = [
    ['2026-03-10', 'inbox', false],
    ['2026-03-09', 'inbox', false],
    ['2026-03-06', 'inbox', true],
    ['2026-03-05', 'inbox', false],
    ['2026-03-04', 'inbox', false],
    ['2026-03-03', 'archive', true],
  ];
  for (const [day, folder, read] of editions) {
    mail.add({
      subject: `The Morning Ledger — ${formatDate(at(day, '06:00'))}`,
      folder,
      read,
      labels: [LABEL.newsletters],
      messages: [
        {
          from: ledger,
          to: [OWNER.email],
          body: 'Good morning. Rates hold steady, small-business lending ticks up, and why agencies are rethinking retainers.\n\nRead the full edition online. You are receiving this because you subscribed to The Morning Ledger.',
          at: at(day, '06:00'),
        },
      ],
    });
  }
  // 25: in Trash, 26: the oldest conversation in Archive
  mail.add({
    subject: 'Flash sale: 70% off everything until midnight',
    folder: 'trash',
    read: true,
    messages: [
      {
        from: { name: 'Northwind Outfitters', email: 'deals@northwindoutfitters.com' },
        to: [OWNER.email],
        body: 'Our biggest sale of the season ends tonight. Jackets, boots and packs — 70% off with code MIDNIGHT.',
        at: at('2026-03-07', '18:00'),
      },
    ],
  });
  mail.add({
    subject: 'Welcome to Fernhill!',
    folder: 'archive',
    read: true,
    messages: [
      {
        from: sofia,
        to: [OWNER.email],
        body: 'Hi Nora,\n\nWelcome aboard! Your first week schedule is attached to the calendar invite. Coffee is on me on Monday.\n\nSofia',
        at: at('2025-06-02', '08:00'),
      },
    ],
  });
}

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
}

/** Generated conversations around the hand-written ones: clients, colleagues, partners, notifications, spam. */
function writeGeneratedThreads(mail: MailboxWriter, rng: Rng, now: Date, contacts: Person[]): number {
  const colleagues = KNOWN_PEOPLE.filter(
    (p) => p.email.endsWith('@fernhill.io') && p.email !== 'ap@fernhill.io',
  );
  const byKind = (kind: string) =>
    contacts.filter((c) => COMPANIES.some((co) => co.kind === kind && c.email.endsWith(`@${co.domain}`)));
  const clients = byKind('client');
  const partners = byKind('partner');
  let count = 0;
  for (let i = 0; i < 360; i++) {
    const category = rng.weighted([
      ['client', 34],
      ['internal', 28],
      ['partner', 10],
      ['automated', 22],
      ['spam', 6],
    ] as const);
    const ageMinutes = rng.int(90, 120 * 24 * 60);
    let last = now.getTime() - ageMinutes * MINUTE;
    if (category === 'automated' || category === 'spam') {
      const sender = category === 'spam' ? rng.pick(SPAM) : rng.pick(AUTOMATED);
      const subject = 'subject' in sender ? sender.subject : rng.pick(sender.subjects);
      mail.add({
        subject,
        folder:
          category === 'spam'
            ? 'spam'
            : rng.weighted([
                ['inbox', 4],
                ['archive', 5],
                ['trash', 1],
              ] as const),
        read: rng.bool(0.7),
        messages: [
          {
            from: { name: sender.name, email: sender.email },
            to: [OWNER.email],
            body:
              category === 'spam'
                ? `${subject}.\n\nClick here to claim your offer before it expires.`
                : AUTOMATED_BODY,
            at: new Date(last).toISOString(),
          },
        ],
      });
      count += 1;
      continue;
    }
    const topic: Topic =
      category === 'client' ? CLIENT_TOPICS : category === 'internal' ? INTERNAL_TOPICS : PARTNER_TOPICS;
    const pool = category === 'client' ? clients : category === 'internal' ? colleagues : partners;
    const other = rng.pick(pool);
    const values = {
      project: rng.pick(PROJECTS),
      day: rng.pick(WEEKDAYS),
      first: other.name.split(' ')[0] ?? other.name,
      company: other.company,
    };
    const subject = fill(rng.pick(topic.subjects), values);
    const startedByMe = rng.bool(0.18);
    const length = rng.weighted([
      [1, 4],
      [2, 4],
      [3, 2],
      [4, 1],
    ] as const);
    const messages: SeedMessage[] = [];
    for (let m = length - 1; m >= 0; m--) {
      const fromMe = (m % 2 === 0) === startedByMe;
      const from = fromMe ? me : { name: other.name, email: other.email };
      const body = fill(m === 0 ? rng.pick(topic.openers) : rng.pick(topic.replies), values);
      const files =
        topic.attachments && rng.bool(m === 0 ? 0.3 : 0.08)
          ? [rng.pick(topic.attachments)].map((file) => ({
              filename: file.filename,
              contentType: file.contentType,
              size: rng.int(file.minKb, file.maxKb) * 1024 + rng.int(0, 1023),
            }))
          : [];
      messages.unshift({
        from,
        to: [fromMe ? other.email : OWNER.email],
        cc:
          category === 'internal' && rng.bool(0.3)
            ? [rng.pick(colleagues).email].filter((e) => e !== other.email)
            : [],
        body:
          fromMe && m === 0
            ? body.replace('Hi Nora', `Hi ${values.first}`).replace('Hello Nora', `Hello ${values.first}`)
            : body,
        at: new Date(last).toISOString(),
        kind: m === 0 ? 'original' : 'reply',
        attachments: files,
      });
      last -= rng.int(20, 60 * 26) * MINUTE;
    }
    const onlyMine = messages.every((m) => m.from.email === OWNER.email);
    const folder: Folder = onlyMine
      ? 'sent'
      : rng.weighted([
          ['inbox', 5],
          ['archive', 6],
          ['trash', 1],
        ] as const);
    const labels: number[] = [];
    if (category === 'client' && rng.bool(0.55)) labels.push(LABEL.clients);
    if (category === 'internal' && rng.bool(0.4)) labels.push(LABEL.team);
    if (category === 'partner' && subject.startsWith('Candidates')) labels.push(LABEL.hiring);
    if (rng.bool(0.04)) labels.push(LABEL.misc);
    mail.add({
      subject,
      folder,
      read: folder !== 'inbox' || rng.bool(0.6) || onlyMine,
      starred: rng.bool(0.07),
      labels,
      messages,
    });
    count += 1;
  }
  return count;
}

function generatedContacts(rng: Rng): Person[] {
  const people: Person[] = [];
  const seen = new Set<string>(KNOWN_PEOPLE.map((p) => p.email));
  while (people.length < 110) {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const company = rng.pick(COMPANIES);
    const local = `${first}.${last}`
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
    const email = `${local}@${company.domain}`;
    if (seen.has(email)) continue;
    seen.add(email);
    people.push({
      name: `${first} ${last}`,
      email,
      company: company.name,
      jobTitle: rng.pick(JOB_TITLES),
      phone: `+1 (${rng.pick(['206', '212', '312', '415', '503', '617'])}) 555-0${rng.int(100, 199)}`,
    });
  }
  return people;
}

/**
 * Nora Bishop's mailbox at Fernhill Studio on Tuesday March 10, 2026: the hand-written conversations test
 * cases name (ids 1-26), then ~360 generated ones and ~125 contacts.
 */
export function seed({ db, rng, now }: SeedContext): void {
  db.prepare('INSERT INTO settings (id, display_name, email, signature) VALUES (1, ?, ?, ?)').run(
    OWNER.name,
    OWNER.email,
    OWNER.signature,
  );
  const insertLabel = db.prepare('INSERT INTO labels (name, color) VALUES (?, ?)');
  for (const label of SEED_LABELS) insertLabel.run(label.name, label.color);

  const generated = generatedContacts(rng.fork('contacts'));
  const insertContact = db.prepare(
    'INSERT INTO contacts (name, email, company, job_title, phone, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const contactsRng = rng.fork('contact-dates');
  for (const p of [...KNOWN_PEOPLE, ...generated]) {
    const created = new Date(now.getTime() - contactsRng.int(20, 700) * DAY).toISOString();
    insertContact.run(p.name, p.email, p.company, p.jobTitle, p.phone, created);
  }

  const mail = new MailboxWriter(db);
  writeKnownThreads(mail);
  writeGeneratedThreads(mail, rng.fork('threads'), now, generated);
}
