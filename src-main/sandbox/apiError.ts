// An error the sandbox answers with, in the API's own wire form (ErrorDTO or AccessDeniedErrorDTO).
// These never cross the app's boundaries: the API client turns them into the app's catalogue codes.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly solution?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  body(): Record<string, unknown> {
    const out: Record<string, unknown> = { code: this.code, message: this.message };
    if (this.solution !== undefined) out.solution = this.solution;
    return out;
  }
}

export const invalidRequest = (message: string, solution?: string): ApiError =>
  new ApiError(400, 'invalid_request', message, solution);

export const notFound = (message: string, solution?: string): ApiError =>
  new ApiError(404, 'resource_not_found', message, solution);

/** 403 with the AccessDeniedErrorDTO body. */
export class AccessDenied extends ApiError {
  constructor(
    readonly loggedIn: boolean,
    message: string,
    readonly permission?: string,
    solution?: string,
  ) {
    super(
      403,
      'access_denied',
      message,
      solution ??
        (loggedIn
          ? 'Ask your administrator to grant the permission to the API user.'
          : 'Send a valid API token in the X-Auth-Token header.'),
    );
  }

  override body(): Record<string, unknown> {
    const out: Record<string, unknown> = { loggedIn: this.loggedIn };
    if (this.permission !== undefined) out.permission = this.permission;
    return { ...out, ...super.body() };
  }
}
