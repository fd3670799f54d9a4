// Supplier lists the tests write, as procurement keeps them: shared by the unit, integration and
// browser tests (no test runner is imported here).
import ExcelJS from 'exceljs';

/** What a German list's own columns order, as `writePaidList` wrote them. */
export interface PaidColumns {
  screeningsByPeriod: Record<'2' | '5' | '10', number>;
  validations: number;
}

/**
 * A German supplier list whose own columns order paid work: "Screening (Jahre)" (2, 5, 10 or
 * empty, in turn) and "Validierung" (ja, nein or empty, in turn), as procurement lists have
 * them. Returns what those columns order, counted here from what was written.
 */
export async function writePaidList(file: string, n: number, first = 1): Promise<PaidColumns> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Lieferanten');
  ws.addRow([
    'Lieferantennummer',
    'Name',
    'Straße',
    'PLZ',
    'Ort',
    'Land',
    'Quelle',
    'Screening (Jahre)',
    'Validierung',
  ]);
  const periods = [2, 5, 10, ''] as const;
  const answers = ['ja', 'nein', ''] as const;
  const out: PaidColumns = { screeningsByPeriod: { '2': 0, '5': 0, '10': 0 }, validations: 0 };
  for (let i = 0; i < n; i++) {
    const period = periods[i % periods.length]!;
    const answer = answers[i % answers.length]!;
    if (period !== '') out.screeningsByPeriod[String(period) as '2' | '5' | '10']++;
    if (answer === 'ja') out.validations++;
    ws.addRow([
      `P${String(first + i).padStart(6, '0')}`,
      `Prüflieferant ${first + i} GmbH`,
      `Hauptstraße ${i + 1}`,
      '10115',
      'Berlin',
      'DE',
      'SAP',
      period,
      answer,
    ]);
  }
  await wb.xlsx.writeFile(file);
  return out;
}
