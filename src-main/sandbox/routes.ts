// The operations of the sandbox API, one route per path and method: the permission each needs,
// whether it takes a JSON body, and what it does to the state and answers.
import { AccessDenied, invalidRequest, notFound } from './apiError';
import { eventTypesOf } from './eventTypes';
import type { Reply } from './http';
import type { Caller, Settings } from './options';
import {
  identifierFromQuery,
  pageParams,
  parseCreate,
  parseIdentifierBody,
  parseScores,
  parseScreening,
  parseValidation,
} from './payloads';
import { answerIn } from './specAnswers';
import type { SandboxState } from './state';

/** Largest page the list answers; larger requests get this size (read `size` back). */
export const MAX_PAGE_SIZE = 2000;

export interface Context {
  caller: Caller;
  params: URLSearchParams;
  body: unknown;
  now: number;
  baseUrl: string;
}

export interface Route {
  permission: string;
  /** A JSON body is required. */
  body?: boolean;
  run: (ctx: Context) => Reply;
}

export type Routes = Record<string, Partial<Record<string, Route>>>;

/** The routes over `state`, with the settings read when a request comes. */
export function publicRoutes(
  state: SandboxState,
  settings: Pick<
    Settings,
    | 'answers'
    | 'system'
    | 'paging'
    | 'createFieldNames'
    | 'identifierTypes'
    | 'findByIdentifierForm'
    | 'externalScores'
    | 'statusAnswers'
  >,
): Routes {
  // External scores are a feature of the organization: without it every call is refused 403
  // (logged in, no permission to name), whatever the API user's permissions.
  const scoresEnabled = () => {
    if (!settings.externalScores)
      throw new AccessDenied(
        true,
        'External scores are not enabled for this organization. Ask your account manager to enable the feature.',
      );
  };
  // Spec mode drops every field api-spec.md does not show (read at answer time: configurable).
  const lean = (kind: Parameters<typeof answerIn>[1], body: unknown) =>
    answerIn(settings.answers, kind, body, settings.system);

  return {
    '/public/v2/suppliers/sites': {
      GET: {
        permission: 'ACCESS_PUBLIC_SUPPLIERS',
        run: ({ params }) => {
          const { page, size } = pageParams(params, MAX_PAGE_SIZE);
          const { content, totalElements } = state.list(page, size);
          const totalPages = Math.ceil(totalElements / size);
          // Uncounted: the page says nothing of how many there are (the spec shows no field).
          if (settings.paging === 'uncounted')
            return { status: 200, body: lean('page', { content, number: page }) };
          return {
            status: 200,
            body: lean('page', {
              content,
              size,
              number: page,
              totalElements,
              totalPages,
              numberOfElements: content.length,
              first: page === 0,
              last: page >= totalPages - 1,
              empty: content.length === 0,
            }),
          };
        },
      },
      POST: {
        permission: 'ACCESS_PUBLIC_CONNECT_TARGET',
        body: true,
        run: ({ caller, body, now, baseUrl }) => {
          const input = parseCreate(body, settings.createFieldNames);
          if (
            input.screeningPeriodInYears !== undefined &&
            !caller.permissions.has('ENTITLEMENT_SCREENING_ON_CREATE')
          ) {
            throw new AccessDenied(
              true,
              'The API user is not entitled to request screening on create (screeningPeriodInYears).',
              'ENTITLEMENT_SCREENING_ON_CREATE',
            );
          }
          if (
            input.requestValidationOnCreate === true &&
            !caller.permissions.has('ENTITLEMENT_VALIDATION_ON_CREATE')
          ) {
            throw new AccessDenied(
              true,
              'The API user is not entitled to request validation on create (requestValidationOnCreate).',
              'ENTITLEMENT_VALIDATION_ON_CREATE',
            );
          }
          const { uuid } = state.create(caller.user, input, now);
          const pendingUrl = `${baseUrl}/public/v2/suppliers/sites/pending?uuid=${uuid}`;
          return {
            status: 202,
            headers: { Location: pendingUrl },
            body: lean('create', {
              uuid,
              status: 'PENDING',
              message: 'The supplier creation was accepted and is being processed.',
              pendingEndpoint: pendingUrl,
            }),
          };
        },
      },
      DELETE: {
        permission: 'ACCESS_PUBLIC_REMOVE_TARGET',
        run: ({ params, now }) => {
          const target = state.resolveOne(identifierFromQuery(params));
          state.deactivate(target.platform_id, now);
          return { status: 204 };
        },
      },
    },
    '/public/v2/suppliers/sites/pending': {
      GET: {
        permission: 'ACCESS_PUBLIC_SUPPLIERS',
        run: ({ caller, params, now }) => {
          const uuid = params.get('uuid')?.trim() || undefined;
          const entries = state.pending(caller.user, now, uuid);
          // The spec: "pending suppliers, or the one request": by uuid, spec answers give the one
          // object (404 once it is no longer pending); full answers keep the document's array.
          if (uuid !== undefined && settings.answers === 'spec') {
            const [one] = entries;
            if (!one) throw notFound('No pending creation with this uuid.');
            return { status: 200, body: lean('pending', one) };
          }
          return { status: 200, body: lean('pending', entries) };
        },
      },
    },
    '/public/v2/suppliers/sites/find-by-identifier': {
      GET: {
        permission: 'ACCESS_PUBLIC_SUPPLIERS',
        run: ({ params, now }) => {
          const q = identifierFromQuery(params);
          if (settings.findByIdentifierForm === 'list') {
            return {
              status: 200,
              body: lean(
                'supplier',
                state.match(q).map((row) => state.detail(row, now)),
              ),
            };
          }
          return { status: 200, body: lean('supplier', state.detail(state.resolveOne(q), now)) };
        },
      },
    },
    '/public/v2/suppliers/sites/identifiers': {
      POST: {
        permission: 'ACCESS_PUBLIC_CONNECT_TARGET',
        body: true,
        run: ({ params, body, baseUrl }) => {
          const q = identifierFromQuery(params);
          const ident = parseIdentifierBody(body, settings.identifierTypes);
          const target = state.resolveOne(q);
          state.addIdentifier(target.platform_id, ident.type, ident.id, ident.source);
          // Answered under the name it was sent with.
          const out: Record<string, unknown> = { type: ident.sentAs, id: ident.id };
          if (ident.source !== '') out.source = ident.source;
          out.platformTargetId = target.platform_id;
          return {
            status: 201,
            headers: {
              Location: `${baseUrl}/public/v2/suppliers/sites/find-by-identifier?platformId=${target.platform_id}`,
            },
            body: lean('identifierCreated', out),
          };
        },
      },
      DELETE: {
        permission: 'ACCESS_PUBLIC_CONNECT_TARGET',
        body: true,
        run: ({ params, body }) => {
          const q = identifierFromQuery(params);
          const ident = parseIdentifierBody(body, settings.identifierTypes);
          const target = state.resolveOne(q);
          state.removeIdentifier(target.platform_id, ident.type, ident.id, ident.source);
          return { status: 204 };
        },
      },
    },
    '/public/v2/suppliers/sites/screening': {
      GET: {
        permission: 'ACCESS_PUBLIC_SCREENING_REQUEST',
        run: ({ caller, params, now }) => {
          const target = state.resolveOne(identifierFromQuery(params));
          return {
            status: 200,
            body: lean(
              'screeningStatus',
              asConfigured(
                state.screeningStatus(caller.user, target.platform_id, now),
                settings.statusAnswers?.screening,
              ),
            ),
          };
        },
      },
      POST: {
        permission: 'ACCESS_PUBLIC_SCREENING_REQUEST',
        body: true,
        run: ({ caller, body, now }) => {
          const { identifier, period } = parseScreening(body);
          const target = state.resolveOne(identifier);
          const ids = state.requestScreening(caller.user, target.platform_id, period, now);
          return {
            status: 202,
            body: lean('screeningAccepted', {
              screeningRequestIds: ids,
              message:
                ids.length > 0
                  ? 'The screening request was accepted.'
                  : 'The supplier was skipped: it is already screened or a screening is running.',
            }),
          };
        },
      },
    },
    '/public/v2/suppliers/sites/validation': {
      GET: {
        permission: 'ACCESS_PUBLIC_VALIDATION_REQUEST',
        run: ({ caller, params, now }) => {
          const target = state.resolveOne(identifierFromQuery(params));
          return {
            status: 200,
            body: lean(
              'validationStatus',
              asConfigured(
                state.validationStatus(caller.user, target.platform_id, now),
                settings.statusAnswers?.validation,
              ),
            ),
          };
        },
      },
      POST: {
        permission: 'ACCESS_PUBLIC_VALIDATION_REQUEST',
        body: true,
        run: ({ caller, body, now }) => {
          const target = state.resolveOne(parseValidation(body));
          const requestId = state.requestValidation(caller.user, target.platform_id, now);
          return {
            status: 202,
            body: lean('validationAccepted', {
              requestId,
              message: 'The validation request was accepted.',
            }),
          };
        },
      },
    },
    '/public/v1/scores/externals': {
      GET: {
        permission: 'ACCESS_PUBLIC_EXTERNAL_SCORES',
        run: ({ params }) => {
          scoresEnabled();
          const q = identifierFromQuery(params);
          const filterInt = (name: string): number | undefined => {
            const raw = params.get(name)?.trim();
            if (!raw) return undefined;
            if (!/^\d+$/.test(raw)) throw invalidRequest(`${name} must be a whole number`);
            return Number(raw);
          };
          const perspectiveId = filterInt('perspectiveId');
          const groupId = filterInt('groupId');
          const target = state.resolveOne(q);
          const filter: { perspectiveId?: number; groupId?: number } = {};
          if (perspectiveId !== undefined) filter.perspectiveId = perspectiveId;
          if (groupId !== undefined) filter.groupId = groupId;
          return {
            status: 200,
            body: { identifier: q, scores: state.scoreHistory(target.platform_id, filter) },
          };
        },
      },
      POST: {
        permission: 'ACCESS_PUBLIC_EXTERNAL_SCORES',
        body: true,
        run: ({ caller, body, now }) => {
          scoresEnabled();
          return {
            status: 200,
            body: lean('scoreWrite', state.writeScores(caller.user, parseScores(body), now)),
          };
        },
      },
    },
    '/public/v1/scores/externals/event-types': {
      GET: {
        permission: 'ACCESS_PUBLIC_EXTERNAL_SCORES',
        run: ({ params }) => {
          scoresEnabled();
          const raw = params.get('perspectiveId')?.trim();
          if (!raw) throw invalidRequest('perspectiveId is required');
          if (!/^\d+$/.test(raw)) throw invalidRequest('perspectiveId must be a whole number');
          return { status: 200, body: eventTypesOf(Number(raw)) };
        },
      },
    },
  };
}

/** A status read with its status replaced by the test-only `statusAnswers` setting, if set. */
function asConfigured(
  answer: Record<string, unknown>,
  status: string | undefined,
): Record<string, unknown> {
  return status === undefined ? answer : { ...answer, status };
}
