// Checks response bodies against the vendor's published API description with ajv. OpenAPI 3.0
// schemas are turned into plain JSON Schema first: `nullable` becomes a null type (or an anyOf
// for schemas without a type), vendor `x-` keys are dropped, and every `$ref` points at an
// absolute id that ajv resolves. The sandbox's deliberate differences (SPEC_DIFFERENCES) are the
// only mismatches forgiven.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { SPEC_DIFFERENCES, type SpecDifference } from '../../../src-main/sandbox/specDifferences';

export const SPEC_URL = new URL('../../../docs/api/supplier-api.openapi.json', import.meta.url);
const ID_BASE = 'https://supplier-api.spec/schemas/';

type Json = Record<string, unknown>;

interface OpenApi {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Json }> }>>;
  components: { schemas: Record<string, Json> };
}

function loadSpec(): OpenApi {
  const path = fileURLToPath(SPEC_URL);
  if (!existsSync(path)) {
    throw new Error(
      'The API description docs/api/supplier-api.openapi.json is missing from the project. The sandbox tests check every response against it: restore that file from the repository.',
    );
  }
  return JSON.parse(readFileSync(path, 'utf8')) as OpenApi;
}

/** OpenAPI 3.0 schema -> JSON Schema for ajv. */
export function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    if (key.startsWith('x-') || key === 'example') continue;
    if (key === '$ref' && typeof value === 'string') {
      out.$ref = ID_BASE + value.replace('#/components/schemas/', '');
      continue;
    }
    out[key] = toJsonSchema(value);
  }
  if (Array.isArray(out.enum)) out.enum = [...new Set(out.enum as unknown[])];
  if (out.nullable === true) {
    delete out.nullable;
    if (typeof out.type === 'string') {
      out.type = [out.type, 'null'];
      if (Array.isArray(out.enum)) out.enum = [...(out.enum as unknown[]), null];
    } else {
      return { anyOf: [{ type: 'null' }, out] };
    }
  } else if ('nullable' in out) {
    delete out.nullable;
  }
  return out;
}

export interface SpecCheckerOptions {
  /** The sandbox answers with `answers: 'spec'`: forgive the 'spec-answer' differences too. */
  specAnswers?: boolean;
}

export class SpecChecker {
  private readonly spec = loadSpec();
  private readonly specAnswers: boolean;
  private readonly ajv: Ajv;
  private readonly cache = new Map<string, ValidateFunction>();
  /** Every (method path status) that was checked, for coverage assertions. */
  readonly seen = new Set<string>();

  constructor(options: SpecCheckerOptions = {}) {
    this.specAnswers = options.specAnswers ?? false;
    this.ajv = new Ajv({ allErrors: true, strict: true });
    const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
    addFormats(this.ajv);
    for (const [name, schema] of Object.entries(this.spec.components.schemas)) {
      this.ajv.addSchema({ ...(toJsonSchema(schema) as Json), $id: ID_BASE + name });
    }
  }

  private differences(
    method: string,
    path: string,
    status: number,
    kind: SpecDifference['kind'],
    undocumentedOperation = false,
  ) {
    return SPEC_DIFFERENCES.filter(
      (d) =>
        d.kind === kind &&
        (!d.specOnly || this.specAnswers) &&
        (d.undocumentedOperation ?? false) === undocumentedOperation &&
        (d.method === '*' || d.method === method) &&
        (d.path === '*' || d.path === path) &&
        (d.status === undefined || d.status === status),
    );
  }

  private validator(key: string, schema: unknown): ValidateFunction {
    let fn = this.cache.get(key);
    if (!fn) {
      fn = this.ajv.compile(toJsonSchema(schema) as Json);
      this.cache.set(key, fn);
    }
    return fn;
  }

  /** Problems of one response against the document (empty when it conforms). */
  problems(method: string, path: string, status: number, body: unknown, rawText: string): string[] {
    const where = `${method} ${path} ${status}`;
    this.seen.add(where);
    const operation = this.spec.paths[path]?.[method.toLowerCase()];
    let schema: unknown;
    const documented = operation?.responses[String(status)];
    if (documented) {
      schema = (documented.content?.['application/json'] as Json | undefined)?.schema;
      if (!documented.content && rawText !== '') {
        return [
          `${where}: the document defines no body, but one was sent: ${rawText.slice(0, 200)}`,
        ];
      }
    } else {
      const allowed = this.differences(
        method,
        path,
        status,
        'undocumented-status',
        operation === undefined,
      )[0];
      if (!allowed?.schema) {
        return [
          `${where}: this status is not in the document and not a listed deliberate difference`,
        ];
      }
      schema = { $ref: `#/components/schemas/${allowed.schema}` };
    }
    if (schema === undefined) return [];
    let key = `${where}`;
    if (!Array.isArray(body) && this.differences(method, path, status, 'single-item').length > 0) {
      schema = (schema as Json).items;
      key += ' item';
    }
    const validate = this.validator(key, schema);
    if (validate(body)) return [];
    const formatDiffs = this.differences(method, path, status, 'format');
    const lean = this.specAnswers ? this.differences(method, path, status, 'spec-answer') : [];
    const remaining = (validate.errors ?? []).filter((e: ErrorObject) => {
      if (e.keyword === 'required') {
        // Forgiven only where the difference says: by default on the body itself or on an item
        // of a list body.
        const missing = (e.params as { missingProperty?: string }).missingProperty;
        return !lean.some(
          (d) =>
            missing !== undefined &&
            (d.missing ?? []).includes(missing) &&
            (d.at ?? /^(\/\d+)?$/).test(e.instancePath),
        );
      }
      if (e.keyword !== 'format') return true;
      const diff = formatDiffs.find((d) => d.instancePaths?.includes(e.instancePath));
      if (!diff) return true;
      // Forgiven only when the value has the documented deliberate form.
      const value = (body as Json)[e.instancePath.slice(1)];
      return !(typeof value === 'string' && (diff.pattern?.test(value) ?? true));
    });
    return remaining.map(
      (e) =>
        `${where}: ${e.instancePath || '(body)'} ${e.message ?? e.keyword} ${JSON.stringify(e.params)}`,
    );
  }
}
