export const IPC_INVOKE = 'api:invoke';
export const IPC_EVENT = 'api:event';
