export const IPC_INVOKE = 'api:invoke';
export const IPC_EVENT = 'api:event';
/** The preload tells main the path of a file dropped on the window (a genuine File the user
 *  dropped: `webUtils.getPathForFile`), which the user thereby chose to be read. */
export const IPC_DROPPED = 'api:dropped';
