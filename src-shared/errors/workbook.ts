// Codes for reading, mapping and validating workbooks, and for writing results.
export const workbookErrors = {
  file_not_found: 'The file was not found. Check that it still exists and choose it again.',
  file_unreadable: 'The file could not be read. Close it in Excel or other programs and try again.',
  file_corrupt:
    'The file is damaged or not a real Excel workbook. Open it in Excel, save it again as .xlsx, and import the new file.',
  file_encrypted:
    'The workbook is password-protected. Remove the password in Excel (File, Info, Protect Workbook) and import it again.',
  file_legacy_xls:
    'Old .xls workbooks are not supported. Open the file in Excel and save it as .xlsx (Excel Workbook).',
  file_unsupported_type:
    'This kind of file is not supported. Use an .xlsx workbook or a .csv/.txt file.',
  file_too_large:
    'The file is larger than the app can import at once. Split it into smaller files.',
  file_quotes_broken:
    'Quotation marks in the text file would merge or change rows. Correct them on the lines named in a text editor and import the file again.',
  file_unpacked_too_large:
    'The workbook unpacks to far more data than a supplier list needs: it may be damaged or built to overload the programs that open it. Open it in Excel and save it again, or save the sheet as CSV (File, Save As, CSV UTF-8) and import that.',
  workbook_too_many_texts:
    'The workbook holds more different texts than the app reads at once. Split the list into smaller workbooks, or save the sheet as CSV (File, Save As, CSV UTF-8) and import that.',
  sheet_too_large:
    'The sheet has more rows, columns or text than the app reads. Split the list into smaller workbooks, or save the sheet as CSV (File, Save As, CSV UTF-8) and import that.',
  cell_too_long:
    'A cell holds more than 32,767 characters, which Excel itself does not allow. Shorten it in the file and import the file again.',
  file_changed:
    'The file changed since it was imported. Import it again to start a job from the new contents.',
  sheet_not_found: 'The workbook has no sheet with this name. Pick one of the listed sheets.',
  sheet_empty: 'The sheet is empty. Pick the sheet that holds the supplier list.',
  header_not_found: 'No header row was found. Mark the row that holds the column names.',
  mapping_incomplete:
    'Some required fields are not mapped to a column. Map them or set a constant value.',
  export_failed:
    'The results could not be written. Check that the target folder exists and the file is not open in Excel.',
  export_cancelled:
    'The export was cancelled: no file was written in its place. Export again whenever you like.',
  results_too_wide:
    'The file has more columns than an Excel sheet can hold together with the result columns (16,384 in all). Delete the columns the job does not need and import the file again.',
  // Row problems found by validation: each names the row, the column, the value and the fix.
  value_missing: 'A required value is empty. Fill it in the file or in the app.',
  value_invalid:
    'A value does not have the form the API accepts. Correct it in the file or in the app.',
  country_unknown:
    'The country is not one the app knows. Use its name in English, German, French, Spanish, Italian, Dutch, Polish or Portuguese, or its two-letter ISO code (for example DE).',
  postal_code_invalid:
    "The postal code does not have the form of the postal codes in the supplier's country. Correct it, or leave it empty.",
  duplicate_in_file:
    'Another row of this file has the same supplier id and source. Give each supplier its own id, or delete the repeated row.',
  row_empty: 'The row has no value in any mapped column. Fill it or delete it from the file.',
  excel_error_value:
    'A cell shows an Excel error (such as #N/A, #REF! or #DIV/0!) instead of a value. Correct the formula or type the value.',
  id_became_date:
    'Excel turned an identifier into a date. Format the column as Text in Excel and type the id again.',
  id_in_scientific_notation:
    'Excel read an identifier as a number and shows it in scientific notation (such as 1.23E+11), so its last digits may be lost. Format the column as Text in Excel and type the id again.',
  id_digits_lost:
    'An identifier of more than 15 digits was stored as a number; Excel keeps only 15 digits, so its last digits have changed. Format the column as Text in Excel and type the id again.',
  id_zeros_dropped:
    'An id has fewer digits than the other ids of its column, which keep leading zeros: a spreadsheet may have dropped its zeros, and without them it names another supplier. Type it with its zeros, or type it again as it is if it is right.',
  id_fraction:
    'An identifier is a number with decimals in a number cell (Excel shows it rounded, such as 0.3 for 0.30000000000000004), so it is not an id the app can trust. Format the column as Text in Excel and type the id as it is in your system.',
  postal_code_became_date:
    'Excel turned a postal code into a date. Format the column as Text in Excel and type the postal code again.',
  encoding_lost:
    'A question mark stands where the file had a letter its encoding could not hold (such as "?stanbul" for "İstanbul" in a CSV saved as ANSI). Save the list as "CSV UTF-8" or as an Excel workbook and import it again, or type the letter here.',
} as const;
