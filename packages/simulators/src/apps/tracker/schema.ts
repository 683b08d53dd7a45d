/** Linework's tables: a team issue tracker with projects, sprints, issues, links, comments and saved views. */
export const schema = `
CREATE TABLE members (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  team TEXT NOT NULL,
  location TEXT NOT NULL,
  joined_on TEXT NOT NULL
);
CREATE TABLE projects (
  id INTEGER PRIMARY KEY,
  key TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  lead_id INTEGER NOT NULL REFERENCES members(id),
  color TEXT NOT NULL
);
CREATE TABLE sprints (
  id INTEGER PRIMARY KEY,
  project_id INTEGER NOT NULL REFERENCES projects(id),
  name TEXT NOT NULL,
  goal TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('closed', 'active', 'planned')),
  starts_on TEXT NOT NULL,
  ends_on TEXT NOT NULL
);
CREATE TABLE labels (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  color TEXT NOT NULL
);
CREATE TABLE issues (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  project_id INTEGER NOT NULL REFERENCES projects(id),
  number INTEGER NOT NULL,
  key TEXT NOT NULL UNIQUE,
  type TEXT NOT NULL CHECK (type IN ('bug', 'story', 'task', 'chore')),
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL CHECK (status IN ('backlog', 'todo', 'in_progress', 'in_review', 'done', 'canceled')),
  priority TEXT NOT NULL CHECK (priority IN ('urgent', 'high', 'medium', 'low', 'none')),
  assignee_id INTEGER REFERENCES members(id),
  reporter_id INTEGER NOT NULL REFERENCES members(id),
  sprint_id INTEGER REFERENCES sprints(id),
  parent_id INTEGER REFERENCES issues(id),
  estimate INTEGER,
  due_date TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (project_id, number)
);
CREATE INDEX issues_project_status ON issues(project_id, status);
CREATE INDEX issues_assignee ON issues(assignee_id);
CREATE INDEX issues_sprint ON issues(sprint_id);
CREATE INDEX issues_parent ON issues(parent_id);
-- Composite key: a label is on an issue or not; mutations carry pk as [issue_id, label_id].
CREATE TABLE issue_labels (
  issue_id INTEGER NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
  label_id INTEGER NOT NULL REFERENCES labels(id),
  PRIMARY KEY (issue_id, label_id)
) WITHOUT ROWID;
-- "source blocks target"; the target's page shows it as "blocked by source".
CREATE TABLE issue_links (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  source_id INTEGER NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
  target_id INTEGER NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('blocks', 'relates')),
  created_at TEXT NOT NULL,
  UNIQUE (source_id, target_id, kind)
);
CREATE TABLE comments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  issue_id INTEGER NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
  author_id INTEGER NOT NULL REFERENCES members(id),
  body TEXT NOT NULL,
  created_at TEXT NOT NULL,
  edited_at TEXT
);
CREATE INDEX comments_issue ON comments(issue_id);
-- The issue's history as shown on its Activity tab; the app writes it on every change (ignored for scoring).
CREATE TABLE activity (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  issue_id INTEGER NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
  actor_id INTEGER NOT NULL REFERENCES members(id),
  field TEXT NOT NULL,
  old_value TEXT,
  new_value TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX activity_issue ON activity(issue_id);
CREATE TABLE saved_views (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  owner_id INTEGER NOT NULL REFERENCES members(id),
  name TEXT NOT NULL,
  query TEXT NOT NULL,
  created_at TEXT NOT NULL
);
`;
