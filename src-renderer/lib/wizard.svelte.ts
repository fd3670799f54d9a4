// A new job in the making: the chosen file, its preview, the mapping and its sample values,
// until the whole file is imported into a job.
import type {
  CommandOutput,
  MappingPreview,
  MappingView,
  PreviewView,
} from '../../src-shared/contract';
import type { AppError } from '../../src-shared/errors';
import { normaliseTransform, type FieldTransform } from '../../src-shared/fieldTransforms';
import {
  hasOwnSheet,
  SUPPLIER_REF_FIELDS,
  fieldsFor,
  kindTraits,
  type MappableFieldKey,
  type Operation,
  type OperationOptions,
} from '../../src-shared/operations';
import type { ScoresMapping } from '../../src-shared/scores';
import { app } from './app.svelte';
import { call } from './call';
import { i18n } from './i18n.svelte';
import { fileToPath } from './upload';

export type FieldMapping = MappingView['fields'][number];

class Wizard {
  #path = $state<string | undefined>();
  #displayName = $state('');
  /** The job's name as typed on the Map step (none: the file's name). */
  jobName: string | undefined = undefined;
  #preview = $state.raw<PreviewView | undefined>();
  #loading = $state(false);
  #uploadPercent = $state<number | null>(null);
  #error = $state<AppError | undefined>();
  #mapping = $state.raw<FieldMapping[]>([]);
  #mappingPreview = $state.raw<MappingPreview | undefined>();
  #mappingBusy = $state(false);
  #creating = $state(false);
  #created = $state.raw<CommandOutput<'jobs:create'> | undefined>();
  #previewTimer: ReturnType<typeof setTimeout> | undefined;
  #previewSeq = 0;
  /** What the job will do, and the options of its kind. */
  #operation = $state<Operation>('onboard');
  #kindOptions = $state.raw<Partial<OperationOptions>>({});

  get operation() {
    return this.#operation;
  }
  set operation(op: Operation) {
    if (op === this.#operation) return;
    this.#operation = op;
    // Each kind has its own fields: the mapping starts again from the file's suggestion.
    if (this.#preview) this.#setMapping(this.#preview.suggestion.mapping);
  }
  /** What this kind of job's rows are (src-shared/operations.ts KIND_TRAITS). */
  get traits() {
    return kindTraits(this.#operation);
  }
  /** The fields the Map screen offers for this kind of job. */
  get fields() {
    return fieldsFor(this.#operation);
  }
  /** A kind that acts on an existing supplier: no column names the supplier (one of the
   *  supplier ids, the customer id, the own id or the platform id is needed). */
  get noSupplierRef(): boolean {
    if (!this.traits.namesSupplier) return false;
    return !SUPPLIER_REF_FIELDS.some((key) => {
      const m = this.#mapping.find((x) => x.field === key);
      return m && (m.column !== null || Boolean(m.constant?.trim()));
    });
  }
  get kindOptions() {
    return this.#kindOptions;
  }
  /** A scores job's mapping, as the services suggested it for the chosen perspective and
   *  layout (undefined: not read yet, or it lacks something). */
  #scores = $state.raw<ScoresMapping | undefined>();
  get scores() {
    return this.#scores;
  }
  setScores(mapping: ScoresMapping | undefined): void {
    this.#scores = mapping;
  }
  /** Changes some of the kind's own options (the action, the perspective, the layout). */
  setKindOptions(patch: Partial<OperationOptions>): void {
    this.#kindOptions = { ...this.#kindOptions, ...patch };
  }

  get path() {
    return this.#path;
  }
  get displayName() {
    return this.#displayName;
  }
  get preview() {
    return this.#preview;
  }
  get loading() {
    return this.#loading;
  }
  get uploadPercent() {
    return this.#uploadPercent;
  }
  get error() {
    return this.#error;
  }
  get mapping() {
    return this.#mapping;
  }
  get mappingPreview() {
    return this.#mappingPreview;
  }
  get mappingBusy() {
    return this.#mappingBusy;
  }
  get creating() {
    return this.#creating;
  }
  get created() {
    return this.#created;
  }
  /** Required fields with neither a column nor a constant value. */
  get unmappedRequired(): MappableFieldKey[] {
    return this.fields
      .filter((f) => f.required)
      .map((f) => f.key)
      .filter((key) => {
        const m = this.#mapping.find((x) => x.field === key);
        return !m || (m.column === null && !m.constant?.trim());
      });
  }

  /** "New import": once a job was made from the file on hand, the next import starts clean (its
   *  file, kind and options), so that Next, Next, Next never makes a second job of the same file.
   *  An import not yet made into a job is kept, to be taken up again. */
  startNew(): void {
    if (!this.#created) return;
    this.reset();
    this.#operation = 'onboard';
    this.#kindOptions = {};
    this.#scores = undefined;
  }

  reset(): void {
    this.#path = undefined;
    this.#displayName = '';
    this.jobName = undefined;
    this.#preview = undefined;
    this.#error = undefined;
    this.#mapping = [];
    this.#mappingPreview = undefined;
    this.#created = undefined;
    this.#uploadPercent = null;
  }

  /** Sends a file picked in the browser to the services in chunks, then previews it. */
  async upload(file: File): Promise<void> {
    this.#error = undefined;
    this.#loading = true;
    this.#uploadPercent = 0;
    try {
      const r = await fileToPath(file, (p) => (this.#uploadPercent = p));
      if (!r.ok) {
        this.#error = r.error;
        return;
      }
      await this.open(r.value, file.name);
    } finally {
      this.#loading = false;
      this.#uploadPercent = null;
    }
  }

  /** The desktop's own file dialog. */
  async choose(): Promise<void> {
    const r = await call('files:choose', { purpose: 'import' });
    if (!r.ok) {
      this.#error = r.error;
      return;
    }
    if (r.value.path) await this.open(r.value.path);
  }

  /**
   * A supplier list the system asked the desktop app to open (a double-click, "Open with", a
   * second launch naming it): the Import screen shows it as a file picked there. The services
   * give the path and have granted it to be read; the page never names one itself.
   */
  async takeOpened(): Promise<void> {
    const r = await call('files:takeOpened', {});
    if (!r.ok) {
      app.report(r.error);
      return;
    }
    if (!r.value.path) return;
    app.go({ screen: 'import' });
    await this.open(r.value.path);
  }

  async open(path: string, displayName?: string): Promise<void> {
    this.#path = path;
    this.#displayName = displayName ?? path.split(/[\\/]/).pop() ?? path;
    this.jobName = undefined;
    this.#preview = undefined;
    this.#created = undefined;
    await this.load({});
  }

  async load(ref: { sheet?: string; headerRow?: number }): Promise<void> {
    if (!this.#path) return;
    this.#error = undefined;
    this.#loading = true;
    const r = await call('files:preview', { path: this.#path, ...ref, limit: 30 });
    this.#loading = false;
    if (!r.ok) {
      this.#error = r.error;
      return;
    }
    this.#preview = r.value;
    this.#setMapping(r.value.suggestion.mapping);
    this.#mappingPreview = undefined;
  }

  /** One line per payload field, from a suggestion or a saved mapping. */
  #setMapping(mapping: MappingView): void {
    this.#mapping = this.fields.map((f) => {
      const s = mapping.fields.find((x) => x.field === f.key);
      const transform = normaliseTransform(f.key, s?.transform);
      return {
        field: f.key,
        column: s?.column ?? null,
        ...(s?.constant ? { constant: s.constant } : {}),
        ...(transform ? { transform } : {}),
      };
    });
    this.schedulePreview(0);
  }

  /** A saved mapping the user picked, already mapped onto this file's columns. */
  applyMapping(mapping: MappingView): void {
    this.#error = undefined;
    this.#setMapping(mapping);
  }

  /** Changes some of a field's transform settings; defaults are left out. */
  setTransform(field: MappableFieldKey, patch: Partial<FieldTransform>): void {
    this.#mapping = this.#mapping.map((m) => {
      if (m.field !== field) return m;
      const { transform: old, ...rest } = m;
      const merged: Record<string, unknown> = { ...old, ...patch };
      for (const [k, v] of Object.entries(merged)) if (v === undefined) delete merged[k];
      const transform = normaliseTransform(field, merged as FieldTransform);
      return transform ? { ...rest, transform } : rest;
    });
    this.schedulePreview();
  }

  setColumn(field: MappableFieldKey, column: number | null): void {
    this.#mapping = this.#mapping.map((m) => (m.field === field ? { ...m, column } : m));
    this.schedulePreview();
  }

  setConstant(field: MappableFieldKey, value: string): void {
    this.#mapping = this.#mapping.map((m) => {
      if (m.field !== field) return m;
      const { constant: _drop, ...rest } = m;
      return value.trim() ? { ...rest, constant: value } : rest;
    });
    this.schedulePreview();
  }

  /** Sample values before and after the transforms, a moment after the last change. */
  schedulePreview(delayMs = 250): void {
    clearTimeout(this.#previewTimer);
    this.#previewTimer = setTimeout(() => void this.#runPreview(), delayMs);
  }

  async #runPreview(): Promise<void> {
    const preview = this.#preview;
    // A scores sheet is previewed by its own call (the Map screen's scores part).
    if (!this.#path || !preview || hasOwnSheet(this.traits)) return;
    const seq = ++this.#previewSeq;
    this.#mappingBusy = true;
    const r = await call('mapping:preview', {
      path: this.#path,
      sheet: preview.sheet,
      headerRow: preview.headerRow,
      mapping: { fields: this.#mapping },
      operation: this.#operation,
      limit: 20,
    });
    if (seq !== this.#previewSeq) return;
    this.#mappingBusy = false;
    if (r.ok) this.#mappingPreview = r.value;
    else this.#error = r.error;
  }

  async saveTemplate(name: string): Promise<boolean> {
    const preview = this.#preview;
    if (!preview) return false;
    const r = await call('templates:save', {
      name,
      headers: preview.columns.map((c) => c.header),
      mapping: { fields: this.#mapping },
    });
    if (!r.ok) this.#error = r.error;
    return r.ok;
  }

  /** Imports the whole file into a new job on the chosen connection. */
  async create(name: string, connectionId: string): Promise<string | undefined> {
    const preview = this.#preview;
    if (!this.#path || !preview) return undefined;
    this.#error = undefined;
    this.#creating = true;
    const r = await call('jobs:create', {
      path: this.#path,
      sheet: preview.sheet,
      headerRow: preview.headerRow,
      ...(name.trim() ? { name: name.trim() } : {}),
      connectionId,
      mapping: hasOwnSheet(this.traits)
        ? { fields: [], ...(this.#scores ? { scores: this.#scores } : {}) }
        : { fields: this.#mapping },
      options: {
        skipExisting: false,
        screeningPeriod: null,
        validate: false,
        ...this.#kindOptions,
        operation: this.#operation,
      },
      lang: i18n.lang,
    });
    this.#creating = false;
    if (!r.ok) {
      this.#error = r.error;
      return undefined;
    }
    this.#created = r.value;
    await app.refreshJob(r.value.jobId);
    return r.value.jobId;
  }
}

export const wizard = new Wizard();
