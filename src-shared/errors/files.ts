// Codes for which files the app may read and where it may write: only files the user chose, and
// exports beside the imported file or where the user chose in the Save dialog.
export const fileErrors = {
  file_not_chosen:
    'The app opens only files you chose while it runs (with the file dialog, by dropping them on the window, or by uploading them in the browser). Choose the file again.',
  export_place_refused:
    'The app saves results only beside the imported file or where you chose with "Save as…" in the desktop app. Export again without naming a place.',
  export_type_refused:
    'Results are saved as an Excel (.xlsx) or CSV (.csv) file. Choose a name that ends in .xlsx or .csv.',
  export_folder_missing:
    'The folder for the results no longer exists, and the app does not create folders. Put the folder back (or, in the desktop app, choose another place with "Save as…"), then export again.',
  export_file_exists:
    'A file of that name is already there, and the app did not write it or it was changed since (for example fixed in Excel), so it is not replaced. Rename or move that file (or, in the desktop app, choose another place with "Save as…"), then export again.',
  download_changed:
    'The results file was changed or replaced since the app exported it, so it is not downloaded. Export the job again.',
} as const;
