// Codes for the API client's answer classes (see docs/architecture.md, retry policy).
export const apiErrors = {
  api_row_rejected: 'The API rejected this row. Fix the value it names and retry the row.',
  api_access_denied:
    'The API refused the token. Check the token in Connection settings, or ask your administrator for the missing permission.',
  api_not_found: 'The API found no supplier for this identifier.',
  api_conflict: 'The API already has a supplier or a pending creation with this identifier.',
  api_throttled: 'The API asked the app to slow down. It waits and continues by itself.',
  api_maybe_processed:
    'The API did not confirm the request (server error, timeout or dropped connection). The app checks whether it took effect before sending anything again.',
  api_offline:
    'The API cannot be reached. Check the network; the job waits and continues when the connection is back.',
  api_untrusted_certificate:
    "The API's certificate is not one this computer trusts, so nothing was sent. If your company inspects encrypted traffic, install the company's root certificate (desktop app: in the system's certificate store; command line: set NODE_EXTRA_CA_CERTS to the company's CA file), then resume the job. Otherwise check the API's address.",
  api_unexpected_response:
    'The API answered in a form the app does not understand. Check that the base URL points at the supplier API.',
  api_insecure_url:
    'The API address must start with https://. Plain http is allowed only for this computer: localhost, 127.0.0.1 or [::1].',
  api_no_token:
    'No API token is stored for this connection. Enter the token in Connection settings.',
  api_field_names:
    "The API refused the field names of the creation (city/address or locality/addressLine): switch the connection's field names in Connection settings and retry the failed rows.",
  api_answer_lacks_field:
    "The API answered {endpoint} without {field}, which the app needs, so it cannot use the answer. Check the connection's field-name settings (or the proxy in front of the API); if that does not help, run the connection test and send its report to support.",
  api_ambiguous:
    'Several suppliers match this identifier. Add a source to the identifier or fix the duplicates in the platform.',
} as const;
