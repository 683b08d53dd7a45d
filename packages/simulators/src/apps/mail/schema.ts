/** Parcel Mail's tables. Addresses are stored as comma-separated lowercase emails, in the order typed. */
export const FOLDERS = ['inbox', 'sent', 'archive', 'spam', 'trash'] as const;
export type Folder = (typeof FOLDERS)[number];

export const LABEL_COLORS = [
  'grey',
  'red',
  'orange',
  'yellow',
  'green',
  'teal',
  'blue',
  'purple',
  'pink',
] as const;
export type LabelColor = (typeof LABEL_COLORS)[number];

export const MESSAGE_KINDS = ['original', 'reply', 'reply_all', 'forward'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

export const schema = `
CREATE TABLE settings (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  display_name TEXT NOT NULL,
  email TEXT NOT NULL,
  signature TEXT NOT NULL DEFAULT '',
  vacation_enabled INTEGER NOT NULL DEFAULT 0,
  vacation_start TEXT,
  vacation_end TEXT,
  vacation_subject TEXT NOT NULL DEFAULT '',
  vacation_message TEXT NOT NULL DEFAULT ''
);
CREATE TABLE contacts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  company TEXT NOT NULL DEFAULT '',
  job_title TEXT NOT NULL DEFAULT '',
  phone TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL
);
CREATE TABLE labels (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL UNIQUE COLLATE NOCASE,
  color TEXT NOT NULL CHECK (color IN (${list(LABEL_COLORS)}))
);
CREATE TABLE threads (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  subject TEXT NOT NULL,
  folder TEXT NOT NULL CHECK (folder IN (${list(FOLDERS)})),
  is_read INTEGER NOT NULL DEFAULT 0 CHECK (is_read IN (0, 1)),
  starred INTEGER NOT NULL DEFAULT 0 CHECK (starred IN (0, 1)),
  last_message_at TEXT NOT NULL
);
CREATE INDEX threads_folder ON threads (folder, last_message_at);
CREATE TABLE messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  thread_id INTEGER NOT NULL REFERENCES threads(id) ON DELETE CASCADE,
  kind TEXT NOT NULL DEFAULT 'original' CHECK (kind IN (${list(MESSAGE_KINDS)})),
  from_name TEXT NOT NULL,
  from_email TEXT NOT NULL,
  to_addrs TEXT NOT NULL,
  cc_addrs TEXT NOT NULL DEFAULT '',
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  signature TEXT NOT NULL DEFAULT '',
  quoted TEXT NOT NULL DEFAULT '',
  sent_at TEXT NOT NULL
);
CREATE INDEX messages_thread ON messages (thread_id, sent_at);
CREATE TABLE attachments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  message_id INTEGER NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
  filename TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size_bytes INTEGER NOT NULL
);
CREATE TABLE thread_labels (
  thread_id INTEGER NOT NULL REFERENCES threads(id) ON DELETE CASCADE,
  label_id INTEGER NOT NULL REFERENCES labels(id) ON DELETE CASCADE,
  PRIMARY KEY (thread_id, label_id)
);
CREATE TABLE drafts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  thread_id INTEGER REFERENCES threads(id) ON DELETE SET NULL,
  kind TEXT NOT NULL DEFAULT 'original' CHECK (kind IN (${list(MESSAGE_KINDS)})),
  to_addrs TEXT NOT NULL DEFAULT '',
  cc_addrs TEXT NOT NULL DEFAULT '',
  subject TEXT NOT NULL DEFAULT '',
  body TEXT NOT NULL DEFAULT '',
  saved_at TEXT NOT NULL
);
`;
