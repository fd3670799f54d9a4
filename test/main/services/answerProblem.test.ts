// The Connection screen's line about an answer that lacked a needed field: the problem a paused
// job recorded for its connection comes with that connection in connections:list (real services,
// real journal), and a connection without one has none.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../src-main/api';
import { recordAnswerProblem } from '../../../src-main/engine/answerProblems';
import { createAppServices, type AppServices } from '../../../src-main/services/appServices';
import { word } from '../../../src-shared/i18n';
import { commandCaller, practiceSandbox } from './support';

let dir: string;
let services: AppServices;
const call = commandCaller(() => services);

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'answer-problem-'));
  services = createAppServices({
    dataDir: path.join(dir, 'data'),
    transport: 'direct',
    secrets: new MemorySecretStore(),
    sandbox: practiceSandbox(50),
  });
});

afterAll(async () => {
  await services?.close();
  await rm(dir, { recursive: true, force: true });
});

describe("a connection's last answer without a needed field", () => {
  it('is listed with its connection, in words for both languages', async () => {
    const [practice] = await call('connections:list', {});
    expect(practice!.answerProblem).toBeUndefined();
    const { journal } = await services.ready();
    const problem = {
      endpoint: 'GET /public/v2/suppliers/sites/find-by-identifier',
      field: 'id (platformTargetId)',
      at: Date.UTC(2026, 0, 15, 10, 30),
    };
    recordAnswerProblem(journal, practice!.id, problem);
    const [listed] = await call('connections:list', {});
    expect(listed!.answerProblem).toEqual(problem);
    const params = { time: '15.01.2026 10:30', endpoint: problem.endpoint, field: problem.field };
    expect(word('en', 'connection.answerProblem', params)).toContain(
      'the API answered GET /public/v2/suppliers/sites/find-by-identifier without id (platformTargetId)',
    );
    expect(word('de', 'connection.answerProblem', params)).toContain(
      'hat die API GET /public/v2/suppliers/sites/find-by-identifier ohne id (platformTargetId) beantwortet',
    );
  });
});
