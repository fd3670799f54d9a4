// The connection test's record of what the API's answers looked like, as plain text: what the
// Connection screen's Copy button puts on the clipboard for a support call. Field names and
// statuses only: the record holds no token and no supplier data.
import type { ConnectionTest } from './contract';
import { hasKey, word, type Lang, type MessageKey, type Params } from './i18n';

/** A catalogue entry `<prefix>.<code>` when there is one, else the English text beside it. */
function coded(
  lang: Lang,
  prefixes: string[],
  code: string | undefined,
  params: Params | undefined,
  english: string,
): string {
  for (const prefix of prefixes) {
    const key = `${prefix}.${code ?? ''}`;
    if (code && hasKey(key)) return word(lang, key, params);
  }
  return english;
}

/** The report's lines in `lang`; empty when the test recorded no answers. */
export function answerReportLines(test: ConnectionTest, lang: Lang): string[] {
  const r = test.answers;
  if (!r) return [];
  const w = (key: MessageKey, params?: Params) => word(lang, key, params);
  const list = (fields: string[]) => (fields.length ? fields.join(', ') : w('answerReport.none'));
  const spelling =
    r.fieldNames === 'locality-addressLine'
      ? w('connection.fieldNamesLocality')
      : w('connection.fieldNamesCity');
  const lines = [
    w('answerReport.title'),
    w('answerReport.testedAt', { at: r.testedAt }),
    w('answerReport.baseUrl', { url: r.baseUrl }),
    w('answerReport.fieldNames', { spelling }),
    w('answerReport.result', {
      summary: coded(
        lang,
        ['checkSummary', 'check'],
        test.summaryCode,
        test.summaryParams,
        test.summary,
      ),
    }),
  ];
  for (const c of test.checks) {
    const key = `checkKey.${c.key}`;
    const status = `check.${c.status}`;
    lines.push(
      `- ${hasKey(key) ? w(key) : c.key} [${hasKey(status) ? w(status) : c.status}]: ${coded(lang, ['check'], c.code, c.params, c.message)}`,
    );
  }
  for (const s of r.seen) {
    const what = w(`answerReport.read.${s.read}`);
    lines.push(
      s.status === undefined
        ? w('answerReport.noAnswer', { what, endpoint: s.endpoint, answer: s.answer })
        : w('answerReport.answer', {
            what,
            endpoint: s.endpoint,
            status: s.status,
            answer: s.answer,
          }),
    );
    if (s.body === 'none') lines.push(`  ${w('answerReport.noBody')}`);
    else if (s.body === 'list')
      lines.push(`  ${w('answerReport.listFields', { fields: list(s.fields) })}`);
    else lines.push(`  ${w('answerReport.fields', { fields: list(s.fields) })}`);
    if (s.itemFields)
      lines.push(`  ${w('answerReport.itemFields', { fields: list(s.itemFields) })}`);
  }
  lines.push(w('answerReport.paging', { fields: list(r.pagingFields) }));
  return lines;
}

export function answerReportText(test: ConnectionTest, lang: Lang): string {
  return answerReportLines(test, lang).join('\n');
}
