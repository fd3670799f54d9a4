// Each kind of job speaks its own words. An onboarding, an identifiers list, a deactivation and a
// scores sheet (a few rows each) are walked through Map, Review, Check (the run screen before the
// start, and the summary before it), Run and Results against the built-in practice sandbox, in
// English and in German, and every screen is read. It fails on
//  - a raw catalogue key on the page: a key of src-shared/i18n (also with its underscores worded
//    as spaces, as a fallback words a code), or a `word.word…` token that starts with a catalogue
//    area's name or a field key's, outside the code the Map screen shows field keys in;
//  - in German, an English sentence: an English catalogue value of three words or more that
//    differs in German (placeholders as wildcards);
//  - another kind's words: the entries of another kind (`run.….<kind>`, `kind.<kind>`, …), or
//    an onboarding's own (new suppliers created, "Start upload") on a job that creates nothing;
// and the start button must say what the kind does. Then the lists of the finished onboarding
// and of the deactivation (ended needing attention: a supplier not found) are picked again,
// with the same bytes under another name: the Import screen names the job made of each (name,
// kind, state, date) before anything is made, and the user can still go on.
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { LANGS, messages, type Lang, type MessageKey } from '../../src-shared/i18n';
import { MAPPABLE_FIELDS, OPERATIONS, type Operation } from '../../src-shared/operations';
import {
  escapeRegExp,
  hostPerFile,
  jobEnded,
  openApp,
  shot,
  text,
  textPattern,
  useLanguage,
  watchErrors,
} from './support';

const host = hostPerFile();
let dir = '';
test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'e2e-kind-words-'));
});
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

// ---- the catalogue, as the test reads it ----------------------------------------------------

const KEYS = Object.keys(messages.en) as MessageKey[];

/** A text as a pattern: its placeholders match anything; a count (`{n, plural, …}`) matches any
 *  of its forms. */
function valuePattern(value: string, whole: boolean): RegExp {
  const plain = (text: string) =>
    text
      .split(/\{\w+\}|#/)
      .map(escapeRegExp)
      .join('.*?');
  const body = value
    .split(/\{\w+, plural,((?:[^{}]|\{[^{}]*\})*)\}/)
    .map((part, i) =>
      i % 2 === 0
        ? plain(part)
        : `(?:${[...part.matchAll(/\{([^{}]*)\}/g)].map((o) => plain(o[1]!)).join('|')})`,
    )
    .join('');
  return new RegExp(whole ? `^${body}$` : body);
}

/** The words of a catalogue value, its placeholders left out. */
const wordCount = (value: string) =>
  value
    .replace(/\{\w+, plural,(?:[^{}]|\{([^{}]*)\})*\}/g, ' $1 ')
    .replace(/\{\w+\}/g, ' ')
    .split(/\s+/)
    .filter((w) => /\p{L}{2,}/u.test(w)).length;

/** Each key as it may stand on a page: as written, and with its underscores as spaces. */
const KEY_FORMS = KEYS.flatMap((key) =>
  [key, ...(key.includes('_') ? [key.replaceAll('_', ' ')] : [])].map((form) => ({
    form,
    re: new RegExp(`(?<![\\w.])${escapeRegExp(form)}(?![\\w]|\\.\\w)`),
  })),
);
/** What a key-shaped token starts with: a catalogue area (`map`, `scores`, `kind`, …) or the
 *  first part of a field key (`supplierId`, `identifier`). */
const KEY_STARTS = new Set([
  ...KEYS.map((k) => k.split('.')[0]!),
  ...MAPPABLE_FIELDS.filter((f) => f.key.includes('.')).map((f) => f.key.split('.')[0]!),
]);
const KEY_TOKEN = /(?<![\w.@/:-])([a-z][A-Za-z0-9]*)((?:\.[A-Za-z_][\w-]*)+)(?![\w@/-])/g;
const FILE_NAME = /\.(xlsx|csv|txt|json)$/i;

/** The raw keys a text shows. */
function rawKeys(t: string): string[] {
  const found = new Set<string>();
  for (const { form, re } of KEY_FORMS) if (t.includes(form) && re.test(t)) found.add(form);
  for (const m of t.matchAll(KEY_TOKEN))
    if (KEY_STARTS.has(m[1]!) && !FILE_NAME.test(m[0])) found.add(m[0]);
  return [...found];
}

/** The English values of three words or more that German words differently; one a German text
 *  may hold as it is (a quoted English term) is left out. */
const GERMAN_VALUES = Object.values(messages.de);
const ENGLISH = KEYS.flatMap((key) => {
  const en = messages.en[key];
  if (en === messages.de[key] || wordCount(en) < 3) return [];
  const re = valuePattern(en, false);
  if (GERMAN_VALUES.some((de) => re.test(de))) return [];
  return [{ key, re }];
});

/** The kind an entry belongs to, by its key: `kind.<kind>…`, or a screen's entry whose last part
 *  is a kind (`run.start.deactivate`, `log.plan.scores`). */
function kindOfKey(key: string): Operation | undefined {
  const parts = key.split('.');
  if (!['run', 'plan', 'log', 'kind', 'review', 'map'].includes(parts[0]!)) return undefined;
  const kind = parts[0] === 'kind' ? parts[1] : parts[parts.length - 1];
  return (OPERATIONS as readonly string[]).includes(kind ?? '') ? (kind as Operation) : undefined;
}

/** An onboarding's own words: suppliers created, attached, screened, validated, uploaded. */
const CREATES: MessageKey[] = [
  'map.intro',
  'map.connection',
  'run.checkIntro',
  'run.checkDone',
  'run.checkFound',
  'run.checkRan',
  'run.start',
  'run.startHint',
  'run.skipNote',
  'plan.suppliers',
  'plan.pending',
  'plan.attach',
  'plan.skipExisting',
  'plan.followExisting',
  'plan.noScreening',
  'plan.noValidation',
  'log.check',
  'log.plan',
  'log.started',
];
/** Words a kind's screens never use, besides the other kinds' entries. */
const NOT_FOR: Record<Operation, MessageKey[]> = {
  onboard: [],
  identifiers: [...CREATES, 'run.runTitle'],
  deactivate: [...CREATES, 'run.runTitle'],
  scores: [...CREATES, 'review.next'],
};

/** The start button of each kind's run, and its Review screen's next step. */
const START: Record<Operation, MessageKey> = {
  onboard: 'run.start',
  identifiers: 'run.start.identifiers',
  deactivate: 'run.start.deactivate',
  scores: 'run.start.scores',
};
const REVIEW_NEXT: Record<Operation, MessageKey> = {
  onboard: 'review.next',
  identifiers: 'review.next',
  deactivate: 'review.next',
  scores: 'review.next.scores',
};

/** The entries a job of `kind` must not show in `lang`: short ones as a whole text, long ones
 *  anywhere in one; an entry worded as one the kind does use is left out. */
function foreignWords(kind: Operation, lang: Lang): Array<{ key: MessageKey; re: RegExp }> {
  const words = messages[lang];
  const foreign = KEYS.filter((key) => {
    const owner = kindOfKey(key);
    return (owner !== undefined && owner !== kind) || NOT_FOR[kind].includes(key);
  });
  const foreignSet = new Set<string>(foreign);
  const allowed = new Set(KEYS.filter((k) => !foreignSet.has(k)).map((k) => words[k]));
  return foreign
    .filter((key) => !allowed.has(words[key]) && words[key].replace(/\{\w+\}/g, '').trim())
    .map((key) => ({ key, re: valuePattern(words[key], wordCount(words[key]) < 3) }));
}

// ---- reading a screen -----------------------------------------------------------------------

/** Where the user's own data stands: the file's cells, its headers, what the user typed. */
const USER_DATA = [
  'input',
  'textarea',
  'select',
  '[data-testid="preview"] td',
  '[data-testid="preview"] th > :not(.badge)',
  '[data-testid="scores-rows"] td',
  '[data-col^="c"]',
  '[data-col^="f:"]',
  '.values dd',
  '.samples',
  '[data-testid="app-info"] dd',
  'code',
].join(', ');

interface ScreenText {
  /** Every visible text node, every option, and the labels and titles of visible elements. */
  all: string[];
  /** The visible text nodes outside the user's data. */
  nodes: string[];
  /** The same, joined per block (a paragraph, a list item, a cell), so a sentence split by a
   *  <strong> or a number is read whole. */
  blocks: string[];
  /** The labels and titles of visible elements: what a screen reader or a tooltip says. */
  labels: string[];
}

async function screenText(page: Page): Promise<ScreenText> {
  return page.evaluate((skip) => {
    const all: string[] = [];
    const nodes: string[] = [];
    const blocks = new Map<Element, string[]>();
    const inline = (el: Element) => {
      const d = getComputedStyle(el).display;
      return d.startsWith('inline') || d === 'contents';
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      const t = n.textContent?.replace(/\s+/g, ' ').trim();
      if (!el || !t || el.closest('script, style, code')) continue;
      if (el.closest('option')) {
        if (el.closest('select')?.checkVisibility()) all.push(t);
        continue;
      }
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      all.push(t);
      if (el.closest(skip)) continue;
      nodes.push(t);
      let block: Element = el;
      while (block.parentElement && inline(block)) block = block.parentElement;
      blocks.set(block, [...(blocks.get(block) ?? []), t]);
    }
    const labels: string[] = [];
    for (const el of document.body.querySelectorAll(
      '[aria-label], [title], [placeholder], [alt]',
    )) {
      if (!el.checkVisibility()) continue;
      for (const a of ['aria-label', 'title', 'placeholder', 'alt']) {
        const v = el.getAttribute(a)?.replace(/\s+/g, ' ').trim();
        if (!v) continue;
        all.push(v);
        labels.push(v);
      }
    }
    return { all, nodes, blocks: [...blocks.values()].map((ts) => ts.join(' ')), labels };
  }, USER_DATA);
}

interface Finding {
  screen: string;
  text: string;
  why: string;
}

/** Reads a screen and notes each raw key, English sentence (in German) and another kind's
 *  words (`kind`: the job's, none before a job exists) on it. */
async function readScreen(
  page: Page,
  lang: Lang,
  kind: Operation | undefined,
  screen: string,
  findings: Finding[],
): Promise<void> {
  const { all, nodes, blocks: shown, labels } = await screenText(page);
  const blocks = [...shown, ...labels];
  expect(blocks.length, `${screen}: some text is read`).toBeGreaterThan(0);
  for (const t of new Set(all))
    for (const key of rawKeys(t)) findings.push({ screen, text: t, why: `raw key ${key}` });
  if (lang === 'de')
    for (const { key, re } of ENGLISH) {
      const hit = blocks.find((t) => re.test(t));
      if (hit) findings.push({ screen, text: hit, why: `English, catalogue ${key}` });
    }
  if (kind)
    for (const { key, re } of foreignWords(kind, lang)) {
      const hit = (re.source.startsWith('^') ? [...nodes, ...labels] : blocks).find((t) =>
        re.test(t),
      );
      if (hit) findings.push({ screen, text: hit, why: `not ${kind}'s words: ${key}` });
    }
}

// ---- the lists ------------------------------------------------------------------------------

type Cell = string | number;
const LISTS: Record<Operation, { headers: string[]; rows: Record<Lang, Cell[][]> }> = {
  // Two new suppliers and one the sandbox has.
  onboard: {
    headers: ['Supplier ID', 'Source', 'Name', 'Country', 'City', 'Address', 'Postal code'],
    rows: {
      en: [
        ['NEW-EN-1', 'ERP', 'Kestrel Tools Ltd', 'GB', 'Sheffield', '12 Forge Lane', 'S1 2AB'],
        ['NEW-EN-2', 'ERP', 'Harbour Foods Ltd', 'IE', 'Cork', '3 Quay Street', ''],
        [
          'SUP-1007',
          'ERP',
          'Great Lakes Packaging Inc.',
          'US',
          'Cleveland',
          '1200 Lakeside Avenue',
          '44114',
        ],
      ],
      de: [
        ['NEU-DE-1', 'ERP', 'Bergwerk Zwickau GmbH', 'DE', 'Zwickau', 'Hauptstraße 5', '08056'],
        ['NEU-DE-2', 'ERP', 'Alpenholz AG', 'AT', 'Innsbruck', 'Maria-Theresien-Straße 1', '6020'],
        [
          'SUP-1010',
          'ERP',
          'Iberia Fresh Produce S.L.',
          'ES',
          'Valencia',
          'Carrer de Colón 22',
          '46004',
        ],
      ],
    },
  },
  // One to change, one already as asked, one supplier not found.
  identifiers: {
    headers: [
      'Supplier ID',
      'Source',
      'Identifier type',
      'Identifier',
      'Identifier source',
      'Action',
    ],
    rows: {
      en: [
        ['SUP-1004', 'ERP', 'Customer ID', 'CU-EN-4', '', 'add'],
        ['SUP-1001', 'ERP', 'Customer ID', 'CU-77', '', 'add'],
        ['SUP-9001', 'ERP', 'Customer ID', 'CU-9', '', 'add'],
      ],
      de: [
        ['SUP-1004', 'ERP', 'Eigene ID', 'PC-4', 'PLM', 'entfernen'],
        ['SUP-1005', 'ERP', 'Kundennummer', 'CU-NICHT-DA', '', 'entfernen'],
        ['SUP-9002', 'ERP', 'Kundennummer', 'CU-9', '', 'hinzufügen'],
      ],
    },
  },
  // One to deactivate, one not found.
  deactivate: {
    headers: ['Supplier ID', 'Source', 'Name'],
    rows: {
      en: [
        ['SUP-1002', 'ERP', 'Atelier Lumière SARL'],
        ['SUP-9001', 'ERP', 'Nobody Ltd'],
      ],
      de: [
        ['SUP-1003', 'ERP', 'Tessuti Toscani S.p.A.'],
        ['SUP-9002', 'ERP', 'Niemand GmbH'],
      ],
    },
  },
  // Perspective 1: one row written, one with a cell that is not a score, one supplier unknown.
  scores: {
    headers: ['Supplier ID', 'Source', 'Supplier audit', 'Quality incident'],
    rows: {
      en: [
        ['SUP-1001', 'ERP', 90, 80],
        ['SUP-1006', 'ERP', 85.5, 70],
        ['SUP-9999', 'ERP', 50, 50],
      ],
      de: [
        ['SUP-1007', 'ERP', 60, 75],
        ['SUP-1005', 'ERP', 'gut', 70],
        ['SUP-9998', 'ERP', 40, 40],
      ],
    },
  },
};

async function list(kind: Operation, lang: Lang): Promise<string> {
  const file = path.join(dir, `${kind}-${lang}.xlsx`);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('List');
  ws.addRow(LISTS[kind].headers);
  for (const row of LISTS[kind].rows[lang]) ws.addRow(row);
  await wb.xlsx.writeFile(file);
  return file;
}

// ---- the walk -------------------------------------------------------------------------------

/** Notes a button that does not say what its kind's entry says. */
async function says(
  button: Locator,
  lang: Lang,
  key: MessageKey,
  screen: string,
  findings: Finding[],
): Promise<void> {
  const said = (await button.textContent())?.replace(/\s+/g, ' ').trim() ?? '';
  if (said !== text(lang, key))
    findings.push({
      screen,
      text: said,
      why: `the button should say ${key}: "${text(lang, key)}"`,
    });
}

async function pickFile(page: Page, lang: Lang, file: string, kind: Operation): Promise<void> {
  await page
    .getByRole('navigation', { name: text(lang, 'nav.label') })
    .getByRole('button', { name: text(lang, 'nav.newImport') })
    .click();
  await expect(page.getByRole('heading', { name: text(lang, 'import.title') })).toBeVisible();
  await page.getByTestId(`kind-${kind}`).check();
  await page.getByTestId('file-input').setInputFiles(file);
  await expect(page.getByTestId('preview')).toBeVisible({ timeout: 30_000 });
}

/** One job of `kind` from its list to its results, each screen read; returns the job's name
 *  and the state its run ended in. */
async function walk(
  page: Page,
  lang: Lang,
  kind: Operation,
  findings: Finding[],
): Promise<{ name: string; state: string }> {
  const w = (key: MessageKey) => text(lang, key);
  const read = (screen: string) =>
    readScreen(page, lang, kind, `${lang} ${kind}: ${screen}`, findings);
  const name = `${kind}-${lang}`;

  await pickFile(page, lang, await list(kind, lang), kind);
  // A file no job was made from says nothing of one.
  await expect(page.getByTestId('same-file')).toHaveCount(0);
  await readScreen(page, lang, undefined, `${lang} ${kind}: Import`, findings);
  await page.getByRole('button', { name: `${w('common.next')}: ${w('step.map')}` }).click();
  await expect(page.getByRole('heading', { name: w('map.title') })).toBeVisible();
  await expect(page.getByTestId('map-kind')).toHaveText(w(`kind.${kind}`));
  if (kind === 'scores') {
    await page.getByTestId('scores-perspective').fill('1');
    await page.getByRole('button', { name: w('scoresMap.read') }).click();
    await expect(page.getByTestId('scores-rows')).toBeVisible({ timeout: 30_000 });
  } else {
    await expect(page.getByTestId('mapping-summary')).toBeVisible({ timeout: 30_000 });
  }
  await expect(page.getByTestId('blocked-reason')).toHaveCount(0);
  await read('Map');
  await page.getByTestId('job-name').fill(name);
  await page.getByRole('button', { name: w('map.next') }).click();

  await expect(page.getByRole('heading', { name: w('review.title') })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByTestId('row').first()).toBeVisible();
  await read('Review');
  const next = page.locator('.footer-actions button.primary');
  await says(next, lang, REVIEW_NEXT[kind], `${lang} ${kind}: Review`, findings);
  await next.click();

  // Check: the run screen once the check has ended (a scores job has none), before the start.
  await expect(
    page.getByRole('heading', { name: textPattern(lang, 'run.title', { name }) }),
  ).toBeVisible();
  const start = page.getByTestId('start-run');
  await expect(start).toBeEnabled({ timeout: 60_000 });
  if (kind !== 'scores') await expect(page.getByTestId('start-hint')).toBeVisible();
  await says(start, lang, START[kind], `${lang} ${kind}: Check`, findings);
  await read('Check');
  await start.click();
  const summary = page.getByTestId('start-summary');
  await expect(summary).toBeVisible();
  await expect(summary.getByTestId('plan-duration')).toBeVisible();
  await read('start summary');
  // A deactivation is confirmed by its number: one supplier of each list is found; so are the
  // German identifiers list's removals: one of its identifiers is on its supplier.
  if (kind === 'deactivate' || (kind === 'identifiers' && lang === 'de'))
    await summary.getByTestId('confirm-count').fill('1');
  await summary.locator('.actions button.primary').click();

  // Run: ended, with its log.
  await expect(jobEnded(page)).toHaveCount(1, { timeout: 90_000 });
  const state = (await jobEnded(page).getAttribute('data-state')) ?? '';
  await expect(page.getByTestId('log').locator('li').first()).toBeVisible();
  await read('Run');
  await page.getByRole('button', { name: w('run.results') }).click();
  await expect(
    page.getByRole('heading', { name: textPattern(lang, 'results.title', { name }) }),
  ).toBeVisible();
  await expect(page.getByTestId('row').first()).toBeVisible({ timeout: 30_000 });
  await read('Results');
  return { name, state };
}

function report(findings: Finding[]): string {
  return findings.map((f) => `${f.screen}: "${f.text}" (${f.why})`).join('\n');
}

for (const lang of LANGS) {
  test(`each kind speaks its own words in ${lang === 'de' ? 'German' : 'English'}, and a file already used is named`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const errors = watchErrors(page);
    const findings: Finding[] = [];
    await openApp(page, host());
    await useLanguage(page, lang);
    const jobs = {} as Record<Operation, { name: string; state: string }>;
    for (const kind of OPERATIONS) jobs[kind] = await walk(page, lang, kind, findings);
    const said = report(findings);
    if (said) console.log(`Words out of place (${lang}):\n${said}`);

    // A list again, with the same bytes under another name in another folder: the Import screen
    // names the job made of it (its name, kind, state and date) before anything is made, and
    // the user can still go on. The onboarding ends finished, the deactivation (a supplier not
    // found) needing attention.
    for (const kind of ['onboard', 'deactivate'] as const) {
      const job = jobs[kind];
      const again = path.join(dir, `again-${lang}-${kind}`, 'same-content.xlsx');
      await mkdir(path.dirname(again), { recursive: true });
      await copyFile(path.join(dir, `${kind}-${lang}.xlsx`), again);
      await pickFile(page, lang, again, kind === 'onboard' ? 'scores' : 'identifiers');
      const same = page.getByTestId('same-file');
      const day = /\d{1,2}[. ]\S+[. ]\d{4}/;
      const kindWords = text(lang, `kind.${kind}`);
      await expect(same).toContainText(
        job.state === 'finished'
          ? textPattern(lang, 'import.sameFile.finished', {
              name: job.name,
              kind: kindWords,
              date: day,
            })
          : textPattern(lang, 'import.sameFile.other', {
              name: job.name,
              kind: kindWords,
              state: text(lang, `jobState.${job.state as 'needs_attention'}`),
              date: day,
            }),
      );
      await expect(same).toContainText(text(lang, 'import.sameFile.goOn'));
      await expect(same).not.toContainText(text(lang, 'import.sameFile.more', { n: 1 }));
      await readScreen(page, lang, undefined, `${lang} Import: ${kind}'s list again`, findings);
      await shot(page, `kind-words-same-file-${kind}-${lang}`);
      await page
        .getByRole('button', { name: `${text(lang, 'common.next')}: ${text(lang, 'step.map')}` })
        .click();
      await expect(page.getByRole('heading', { name: text(lang, 'map.title') })).toBeVisible();
    }
    expect(
      Object.values(jobs).map((j) => j.state),
      'the onboarding ended finished',
    ).toContain('finished');

    const all = report(findings);
    expect(findings, all).toEqual([]);
    expect(errors).toEqual([]);
  });
}
