/** Hubbub's tables: a team chat workspace with people, channels, messages, threads, reactions and files. */
export const schema = `
CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  handle TEXT NOT NULL UNIQUE,
  email TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  team TEXT NOT NULL,
  timezone TEXT NOT NULL,
  phone TEXT NOT NULL,
  status_emoji TEXT NOT NULL DEFAULT '',
  status_text TEXT NOT NULL DEFAULT ''
);
CREATE TABLE preferences (
  user_id INTEGER PRIMARY KEY REFERENCES users(id),
  notify TEXT NOT NULL CHECK (notify IN ('all', 'mentions', 'nothing')),
  email_digest INTEGER NOT NULL CHECK (email_digest IN (0, 1)),
  theme TEXT NOT NULL CHECK (theme IN ('light', 'dark', 'system')),
  compact INTEGER NOT NULL CHECK (compact IN (0, 1))
);
CREATE TABLE channels (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL UNIQUE,
  topic TEXT NOT NULL DEFAULT '',
  purpose TEXT NOT NULL DEFAULT '',
  is_private INTEGER NOT NULL CHECK (is_private IN (0, 1)),
  created_by INTEGER NOT NULL REFERENCES users(id),
  created_at TEXT NOT NULL
);
CREATE TABLE members (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  channel_id INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id),
  joined_at TEXT NOT NULL,
  UNIQUE (channel_id, user_id)
);
CREATE TABLE messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  channel_id INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id),
  parent_id INTEGER REFERENCES messages(id) ON DELETE CASCADE,
  body TEXT NOT NULL,
  pinned_by INTEGER REFERENCES users(id),
  pinned_at TEXT,
  edited_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX messages_channel ON messages(channel_id, parent_id, created_at);
CREATE INDEX messages_parent ON messages(parent_id);
CREATE INDEX messages_user ON messages(user_id);
CREATE TABLE reactions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  message_id INTEGER NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id),
  emoji TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (message_id, user_id, emoji)
);
CREATE INDEX reactions_message ON reactions(message_id);
-- Who a message mentions, derived from its text when it is written: the mentions inbox reads it.
CREATE TABLE mentions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  message_id INTEGER NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id),
  read INTEGER NOT NULL DEFAULT 0 CHECK (read IN (0, 1))
);
CREATE INDEX mentions_user ON mentions(user_id);
CREATE TABLE saved (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  message_id INTEGER NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id),
  created_at TEXT NOT NULL,
  UNIQUE (message_id, user_id)
);
CREATE TABLE files (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  message_id INTEGER NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  size INTEGER NOT NULL,
  type TEXT NOT NULL,
  content TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX files_message ON files(message_id);
`;
