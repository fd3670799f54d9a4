// Legal forms of the common European and English-speaking countries, as the token sequences a
// folded name ends with (lower case ASCII, punctuation made spaces, "&"/"+" one token "&", so
// "S.à r.l." is `s a r l` and "GmbH & Co. KG" is `gmbh & co kg`). A family says which forms may
// name the same company: "Müller GmbH & Co. KG" and "Mueller GmbH" may; a GmbH and an AG of the
// same name likely are two companies (a small penalty, never a refusal).

type Family = 'limited' | 'stock' | 'partnership' | 'sole' | 'association' | 'any';

interface LegalForm {
  label: string;
  families: Family[];
  variants: string[];
}

const FORMS: LegalForm[] = [
  // Germany, Austria, Switzerland
  {
    label: 'GmbH & Co. KG',
    families: ['limited', 'partnership'],
    variants: ['gmbh & co kg', 'gmbh co kg', 'gmbh u co kg', 'gmbh und co kg', 'gmbh & cie kg'],
  },
  {
    label: 'GmbH & Co. KGaA',
    families: ['limited', 'stock'],
    variants: ['gmbh & co kgaa', 'gmbh co kgaa', 'gmbh u co kgaa'],
  },
  {
    label: 'AG & Co. KG',
    families: ['stock', 'partnership'],
    variants: ['ag & co kg', 'ag co kg', 'ag u co kg'],
  },
  {
    label: 'UG (haftungsbeschränkt) & Co. KG',
    families: ['limited', 'partnership'],
    variants: ['ug haftungsbeschrankt & co kg', 'ug & co kg', 'ug haftungsbeschraenkt & co kg'],
  },
  {
    label: 'UG (haftungsbeschränkt)',
    families: ['limited'],
    variants: [
      'ug haftungsbeschrankt',
      'ug haftungsbeschraenkt',
      'ug haftungsbeschr',
      'ug hb',
      'ug',
    ],
  },
  { label: 'gGmbH', families: ['limited'], variants: ['ggmbh'] },
  {
    label: 'GmbH',
    families: ['limited'],
    variants: [
      'gmbh',
      'g m b h',
      'gesmbh',
      'ges m b h',
      'gesellschaft mit beschrankter haftung',
      'gesellschaft mit beschraenkter haftung',
    ],
  },
  { label: 'mbH', families: ['limited'], variants: ['mbh', 'm b h'] },
  { label: 'AG', families: ['stock'], variants: ['ag', 'aktiengesellschaft'] },
  { label: 'KGaA', families: ['stock', 'partnership'], variants: ['kgaa'] },
  { label: 'KG', families: ['partnership'], variants: ['kg', 'kommanditgesellschaft'] },
  { label: 'OHG', families: ['partnership'], variants: ['ohg', 'offene handelsgesellschaft'] },
  { label: 'GbR', families: ['partnership'], variants: ['gbr'] },
  { label: 'PartG', families: ['partnership'], variants: ['partg', 'partg mbb', 'partgmbb'] },
  {
    label: 'e.K.',
    families: ['sole'],
    variants: ['e k', 'ek', 'e kfm', 'e kfr', 'eingetragener kaufmann', 'eingetragene kauffrau'],
  },
  { label: 'e.V.', families: ['association'], variants: ['e v', 'ev'] },
  { label: 'eG', families: ['association'], variants: ['e g', 'eg'] },
  { label: 'SE', families: ['stock'], variants: ['se'] },
  // France, Belgium, Luxembourg, Switzerland (Romandy)
  { label: 'S.A.S.U.', families: ['stock'], variants: ['sasu', 's a s u'] },
  { label: 'S.A.S.', families: ['stock'], variants: ['sas', 's a s'] },
  {
    label: 'SARL',
    families: ['limited'],
    variants: ['sarl', 's a r l', 's a rl', 's ar l', 'sa rl', 'sarlu', 'sagl'],
  },
  { label: 'EURL', families: ['limited'], variants: ['eurl'] },
  { label: 'SNC', families: ['partnership'], variants: ['snc', 's n c'] },
  { label: 'S.C.A.', families: ['stock', 'partnership'], variants: ['sca', 's c a'] },
  { label: 'SPRL', families: ['limited'], variants: ['sprl', 'bvba'] },
  // Italy, Spain, Portugal
  { label: 'S.p.A.', families: ['stock'], variants: ['spa', 's p a', 'societa per azioni'] },
  { label: 'S.r.l.', families: ['limited'], variants: ['s r l', 'srl', 'srls', 's r l s'] },
  { label: 'S.n.c.', families: ['partnership'], variants: ['s n c'] },
  {
    label: 'S.L.',
    families: ['limited'],
    variants: ['sl', 's l', 'slu', 's l u', 'sociedad limitada'],
  },
  {
    label: 'S.A.',
    families: ['stock'],
    variants: ['sa', 's a', 'sau', 's a u', 'societe anonyme', 'sociedad anonima'],
  },
  { label: 'Lda.', families: ['limited'], variants: ['lda', 'ltda'] },
  // Benelux
  { label: 'B.V.', families: ['limited'], variants: ['bv', 'b v', 'besloten vennootschap'] },
  { label: 'N.V.', families: ['stock'], variants: ['nv', 'n v', 'naamloze vennootschap'] },
  { label: 'V.O.F.', families: ['partnership'], variants: ['vof', 'v o f'] },
  // Poland, Czechia, Slovakia, Hungary
  {
    label: 'Sp. z o.o.',
    families: ['limited'],
    variants: [
      'sp z o o',
      'sp z oo',
      'sp zoo',
      'spzoo',
      'sp z o o sp k',
      'spolka z o o',
      'spolka z ograniczona odpowiedzialnoscia',
    ],
  },
  { label: 'Sp. k.', families: ['partnership'], variants: ['sp k', 'spk'] },
  { label: 's.r.o.', families: ['limited'], variants: ['s r o', 'sro', 'spol s r o'] },
  { label: 'Kft.', families: ['limited'], variants: ['kft'] },
  { label: 'Zrt.', families: ['stock'], variants: ['zrt', 'nyrt'] },
  // Nordic countries
  { label: 'Oy', families: ['limited'], variants: ['oy', 'oyj'] },
  { label: 'AB', families: ['stock'], variants: ['ab', 'ab publ', 'aktiebolag'] },
  { label: 'A/S', families: ['stock'], variants: ['a s'] },
  { label: 'AS', families: ['stock'], variants: ['as', 'asa'] },
  { label: 'ApS', families: ['limited'], variants: ['aps'] },
  { label: 'I/S', families: ['partnership'], variants: ['i s'] },
  // United Kingdom, Ireland, United States, Canada, Australia
  {
    label: 'PLC',
    families: ['stock'],
    variants: ['plc', 'p l c', 'public limited company'],
  },
  { label: 'Pty Ltd', families: ['limited'], variants: ['pty ltd', 'pty limited', 'pty'] },
  { label: 'Ltd', families: ['limited'], variants: ['ltd', 'limited', 'ltee', 'ltd co'] },
  { label: 'LLC', families: ['limited'], variants: ['llc', 'l l c'] },
  { label: 'LLP', families: ['partnership'], variants: ['llp', 'l l p'] },
  { label: 'LP', families: ['partnership'], variants: ['lp', 'l p'] },
  { label: 'Inc', families: ['stock'], variants: ['inc', 'incorporated'] },
  { label: 'Corp', families: ['stock'], variants: ['corp', 'corporation'] },
  {
    label: 'Co.',
    families: ['any'],
    variants: ['co', 'company', 'cie', 'comp', '& co', '& cie', '& company', '& comp'],
  },
];

interface Variant {
  tokens: string[];
  form: LegalForm;
}

/** Variants by their last token, longest first. */
const BY_LAST = new Map<string, Variant[]>();
for (const form of FORMS)
  for (const v of form.variants) {
    const tokens = v.split(' ');
    const last = tokens[tokens.length - 1]!;
    const list = BY_LAST.get(last) ?? [];
    list.push({ tokens, form });
    BY_LAST.set(last, list);
  }
for (const list of BY_LAST.values()) list.sort((x, y) => y.tokens.length - x.tokens.length);

const FAMILY_BITS: Record<Family, number> = {
  limited: 1,
  stock: 2,
  partnership: 4,
  sole: 8,
  association: 16,
  any: 32,
};
/** Label → its families as bits. */
const FAMILIES = new Map(
  FORMS.map((f) => [f.label, f.families.reduce((bits, x) => bits | FAMILY_BITS[x], 0)]),
);

/** Strips the legal forms a token list ends with ("Müller Holding GmbH & Co. KG" → muller
 *  holding; "Acme Co., Ltd." → acme), keeping at least one token. Returns the labels stripped,
 *  outermost last ("Acme Co., Ltd." → ['Co.', 'Ltd']). */
export function stripLegalForms(tokens: string[]): { tokens: string[]; legalForms: string[] } {
  let end = tokens.length;
  const found: string[] = [];
  for (;;) {
    const candidates = end > 1 ? BY_LAST.get(tokens[end - 1]!) : undefined;
    const hit = candidates?.find(
      (v) =>
        v.tokens.length < end && v.tokens.every((t, i) => tokens[end - v.tokens.length + i] === t),
    );
    if (!hit) break;
    found.unshift(hit.form.label);
    end -= hit.tokens.length;
  }
  return { tokens: end === tokens.length ? tokens : tokens.slice(0, end), legalForms: found };
}

/** Whether two names' legal forms may belong to one company: either has none, or they share a
 *  family (GmbH and GmbH & Co. KG; Ltd and Limited; Inc and Corp). */
export function legalFormsCompatible(a: readonly string[], b: readonly string[]): boolean {
  if (a.length === 0 || b.length === 0) return true;
  let fa = 0,
    fb = 0;
  for (const l of a) fa |= FAMILIES.get(l) ?? 0;
  for (const l of b) fb |= FAMILIES.get(l) ?? 0;
  return ((fa | fb) & FAMILY_BITS.any) !== 0 || (fa & fb) !== 0;
}
