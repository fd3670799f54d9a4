export const coreErrors = {
  internal:
    'Something went wrong inside the app. Your data is safe in the journal; try again, and if it repeats, export the job log for support.',
  invalid_input: 'The request was not valid. Check the highlighted values and try again.',
  unknown_command:
    'The app does not know this command. Restart the app; if it repeats, reinstall it.',
  not_found: 'The item was not found. It may have been removed; refresh the list.',
  unauthorized_transport:
    'This window is not allowed to talk to the app. Open the app from its own address or restart it.',
  job_in_use:
    'Another copy of the app is running this job. Stop it there, or wait until it ends, then start the job again.',
  disk_full:
    "The disk holding the app's data folder is full, so the journal could not record the job's progress. The job was paused and nothing was lost: free some space on that disk, then resume the job.",
  plan_not_confirmed:
    'This start orders screenings or validations, deactivates suppliers, or works on suppliers another job holds, and was not confirmed. Open the job and press Start to see the summary, then confirm it.',
  node_too_old: 'This app needs Node.js 22 or newer. Run `npm ci` so the bundled Node is used.',
  busy: 'The app is answering too many requests from this page at once, so it did not take this one. Wait a moment and try again; if it keeps happening, reload the page.',
} as const;
