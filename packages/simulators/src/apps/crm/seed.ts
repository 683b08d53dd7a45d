import type { SeedContext } from '../../kit';
import {
  CITIES,
  COMPANY_PREFIXES,
  COMPANY_SUFFIXES,
  DEAL_PRODUCTS,
  INDUSTRIES,
  LOSS_REASONS,
  NOTE_BODIES,
  TASK_TITLES,
  WIN_REASONS,
} from './data/catalog';
import { FIRST_NAMES, JOB_TITLES, LAST_NAMES, USERS } from './data/people';
import {
  COMPANIES,
  CONTACTS,
  DEALS,
  GENERATED_TAG_IDS,
  PIPELINES,
  STAGES,
  TAGS,
  VANTAGE_HISTORY,
} from './data/scenario';

const DAY = 86_400_000;
export const GENERATED_COMPANIES = 150;
export const GENERATED_CONTACTS = 420;
export const GENERATED_DEALS = 380;

function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9]+/g, '');
}

export function seed({ db, rng, now }: SeedContext): void {
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY).toISOString();
  const day = (offset: number) => new Date(now.getTime() + offset * DAY).toISOString().slice(0, 10);
  const stageName = new Map<number, string>(STAGES.map((s) => [s.id, s.name]));

  const insertUser = db.prepare('INSERT INTO users (id, name, email, title) VALUES (?, ?, ?, ?)');
  for (const u of USERS) insertUser.run(u.id, u.name, u.email, u.title);
  for (const p of PIPELINES) db.prepare('INSERT INTO pipelines (id, name) VALUES (?, ?)').run(p.id, p.name);
  const insertStage = db.prepare(
    'INSERT INTO stages (id, pipeline_id, name, position, probability) VALUES (?, ?, ?, ?, ?)',
  );
  for (const s of STAGES) insertStage.run(s.id, s.pipeline_id, s.name, s.position, s.probability);
  for (const t of TAGS)
    db.prepare('INSERT INTO tags (id, name, color) VALUES (?, ?, ?)').run(t.id, t.name, t.color);

  const insertCompany = db.prepare(
    `INSERT INTO companies (name, domain, industry, city, phone, employees, owner_id, about, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const c of COMPANIES) {
    const created = at(200);
    insertCompany.run(
      c.name,
      c.domain,
      c.industry,
      c.city,
      c.phone,
      c.employees,
      c.owner,
      c.about,
      created,
      created,
    );
  }
  const companyRng = rng.fork('companies');
  const usedNames = new Set(COMPANIES.map((c) => c.name));
  while (usedNames.size < COMPANIES.length + GENERATED_COMPANIES) {
    const name = `${companyRng.pick(COMPANY_PREFIXES)} ${companyRng.pick(COMPANY_SUFFIXES)}`;
    if (usedNames.has(name)) continue;
    usedNames.add(name);
    const created = at(companyRng.int(30, 700));
    const industry = companyRng.pick(INDUSTRIES);
    insertCompany.run(
      name,
      `${slug(name)}.com`,
      industry,
      companyRng.pick(CITIES),
      `+1 555 ${companyRng.int(200, 999)} ${String(companyRng.int(0, 9999)).padStart(4, '0')}`,
      companyRng.int(12, 4000),
      companyRng.int(1, 6),
      `${name} is a ${industry.toLowerCase()} business.`,
      created,
      created,
    );
  }
  const companyCount = COMPANIES.length + GENERATED_COMPANIES;

  const insertContact = db.prepare(
    `INSERT INTO contacts (first_name, last_name, email, phone, title, company_id, owner_id, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertTag = db.prepare('INSERT INTO contact_tags (contact_id, tag_id) VALUES (?, ?)');
  const domainOf = db.prepare<[number], { domain: string }>('SELECT domain FROM companies WHERE id = ?');
  let contactId = 0;
  for (const c of CONTACTS) {
    contactId += 1;
    const domain = c.company ? domainOf.get(c.company)?.domain : 'gmail.com';
    const created = at(120);
    insertContact.run(
      c.first,
      c.last,
      `${slug(c.first)}.${slug(c.last)}@${domain}`,
      c.phone,
      c.title,
      c.company,
      c.owner,
      created,
      created,
    );
    for (const tag of c.tags) insertTag.run(contactId, tag);
  }
  const contactRng = rng.fork('contacts');
  for (let i = 0; i < GENERATED_CONTACTS; i++) {
    contactId += 1;
    const first = contactRng.pick(FIRST_NAMES);
    const last = contactRng.pick(LAST_NAMES);
    const company = contactRng.bool(0.92) ? contactRng.int(COMPANIES.length + 1, companyCount) : null;
    const domain = company ? domainOf.get(company)?.domain : 'gmail.com';
    const created = at(contactRng.int(5, 500));
    insertContact.run(
      first,
      last,
      `${slug(first)}.${slug(last)}${contactRng.bool(0.2) ? contactRng.int(2, 99) : ''}@${domain}`,
      `+1 555 ${contactRng.int(200, 999)} ${String(contactRng.int(0, 9999)).padStart(4, '0')}`,
      contactRng.pick(JOB_TITLES),
      company,
      contactRng.int(1, 6),
      created,
      created,
    );
    for (const tag of contactRng.sample(GENERATED_TAG_IDS, contactRng.int(0, 2)))
      insertTag.run(contactId, tag);
  }

  const insertDeal = db.prepare(
    `INSERT INTO deals (title, company_id, contact_id, pipeline_id, stage_id, owner_id, value, status, outcome_reason,
       close_date, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertActivity = db.prepare(
    'INSERT INTO activities (deal_id, contact_id, company_id, actor_id, kind, detail, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const pipelineOf = (stage: number) => STAGES.find((s) => s.id === stage)?.pipeline_id ?? 1;
  let dealId = 0;
  for (const d of DEALS) {
    dealId += 1;
    const created = d.title.startsWith('Vantage Foods – Warehouse') ? '2026-01-08T10:12:00.000Z' : at(60);
    insertDeal.run(
      d.title,
      d.company,
      d.contact,
      pipelineOf(d.stage),
      d.stage,
      d.owner,
      d.value,
      d.status,
      d.reason ?? null,
      d.close,
      created,
      created,
    );
    if (dealId === 10) {
      for (const h of VANTAGE_HISTORY)
        insertActivity.run(dealId, null, null, h.actor, h.kind, h.detail, h.at);
    } else {
      insertActivity.run(
        dealId,
        null,
        null,
        d.owner,
        'created',
        `Deal created in ${stageName.get(d.stage)}`,
        created,
      );
      if (d.status !== 'open') {
        const label = d.status === 'won' ? 'Marked won' : 'Marked lost';
        insertActivity.run(
          dealId,
          null,
          null,
          d.owner,
          d.status,
          `${label}: ${d.reason}`,
          `${d.close}T15:00:00.000Z`,
        );
      }
    }
  }
  const dealRng = rng.fork('deals');
  const companyName = db.prepare<[number], { name: string }>('SELECT name FROM companies WHERE id = ?');
  const firstContact = db.prepare<[number], { id: number }>(
    'SELECT id FROM contacts WHERE company_id = ? ORDER BY id LIMIT 1',
  );
  for (let i = 0; i < GENERATED_DEALS; i++) {
    dealId += 1;
    const pipeline = dealRng.weighted([
      [1, 5],
      [2, 3],
      [3, 2],
    ] as const);
    // Dana's Enterprise deals and Leo's New business deals are all hand-written: test cases list them.
    const owners = [1, 2, 3, 4, 5, 6].filter(
      (o) => !(pipeline === 2 && o === 2) && !(pipeline === 1 && o === 3),
    );
    const stages = STAGES.filter((s) => s.pipeline_id === pipeline);
    const stage = dealRng.pick(stages);
    const status = dealRng.weighted([
      ['open', 7],
      ['won', 2],
      ['lost', 1],
    ] as const);
    const company = dealRng.int(COMPANIES.length + 1, companyCount);
    const name = companyName.get(company)?.name ?? '';
    const product = pipeline === 3 ? 'Annual renewal' : dealRng.pick(DEAL_PRODUCTS);
    const value = dealRng.int(pipeline === 2 ? 40 : 3, pipeline === 2 ? 180 : 60) * 500;
    const created = dealRng.int(10, 160);
    const close = status === 'open' ? day(dealRng.int(5, 120)) : day(-dealRng.int(1, created - 1));
    const reason =
      status === 'won' ? dealRng.pick(WIN_REASONS) : status === 'lost' ? dealRng.pick(LOSS_REASONS) : null;
    const owner = dealRng.pick(owners);
    insertDeal.run(
      `${name} – ${product}`,
      company,
      firstContact.get(company)?.id ?? null,
      pipeline,
      stage.id,
      owner,
      value,
      status,
      reason,
      close,
      at(created),
      at(created),
    );
    insertActivity.run(
      dealId,
      null,
      null,
      owner,
      'created',
      `Deal created in ${stages[0]?.name}`,
      at(created),
    );
    if (stage.position > 1) {
      insertActivity.run(
        dealId,
        null,
        null,
        owner,
        'stage',
        `Stage changed from ${stages[0]?.name} to ${stage.name}`,
        at(Math.max(1, created - dealRng.int(1, 9))),
      );
    }
    if (reason) {
      const label = status === 'won' ? 'Marked won' : 'Marked lost';
      insertActivity.run(dealId, null, null, owner, status, `${label}: ${reason}`, `${close}T15:00:00.000Z`);
    }
  }

  const noteRng = rng.fork('notes');
  const insertNote = db.prepare(
    'INSERT INTO notes (deal_id, contact_id, author_id, body, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  for (let i = 0; i < 320; i++) {
    const onDeal = noteRng.bool(0.6);
    const createdAt = at(noteRng.int(1, 90));
    const author = noteRng.int(1, 6);
    const deal = onDeal ? noteRng.int(DEALS.length + 1, dealId) : null;
    const contact = onDeal ? null : noteRng.int(CONTACTS.length + 1, contactId);
    insertNote.run(deal, contact, author, noteRng.pick(NOTE_BODIES), createdAt);
    insertActivity.run(deal, contact, null, author, 'note', 'Note added', createdAt);
  }
  const taskRng = rng.fork('tasks');
  const insertTask = db.prepare(
    'INSERT INTO tasks (deal_id, contact_id, owner_id, title, due_date, done, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  for (let i = 0; i < 260; i++) {
    const onDeal = taskRng.bool(0.7);
    const deal = onDeal ? taskRng.int(DEALS.length + 1, dealId) : null;
    const contact = onDeal ? null : taskRng.int(CONTACTS.length + 1, contactId);
    const due = taskRng.int(-20, 30);
    insertTask.run(
      deal,
      contact,
      taskRng.int(1, 6),
      taskRng.pick(TASK_TITLES),
      day(due),
      due < 0 && taskRng.bool(0.7) ? 1 : 0,
      at(taskRng.int(Math.max(1, -due + 1), 60 + Math.max(0, -due))),
    );
  }
  // Hand-written: a finished task on the Pemberton deal, so its task list is not empty.
  insertTask.run(6, null, 2, 'Send security questionnaire answers', day(-3), 1, at(12));
  // Two open tasks of the same title on two contacts with nearly the same name.
  insertTask.run(null, 1, 3, 'Send updated fleet pricing', day(-3), 0, at(10));
  insertTask.run(null, 2, 1, 'Send updated fleet pricing', day(2), 0, at(8));

  const insertView = db.prepare(
    'INSERT INTO saved_views (owner_id, entity, name, query, created_at) VALUES (1, ?, ?, ?, ?)',
  );
  insertView.run('deals', 'Closing this month', 'closing=this_month&status=open', at(40));
  insertView.run('contacts', 'Decision makers', 'tag=5', at(35));
  insertView.run('deals', 'Big enterprise deals', 'pipeline=2&sort=-value&status=open', at(20));
}
