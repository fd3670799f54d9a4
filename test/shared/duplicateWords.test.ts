// Every reason the matching library gives (src-shared/duplicates.ts) has words in English and
// German, and each sentence asks only for values its reason carries: a reason added later, or a
// placeholder its reason lacks, would show a raw code or `{a}` on the screens.
import { describe, expect, it } from 'vitest';
import { DUPLICATE_REASON_CODES, DuplicateReasonSchema } from '../../src-shared/duplicates';
import { hasKey, messages, type MessageKey } from '../../src-shared/i18n';

describe('the words of likely duplicates', () => {
  it('word every reason code, with the values its reason carries', () => {
    const wrong: string[] = [];
    for (const code of DUPLICATE_REASON_CODES) {
      const key = `dup.reason.${code}`;
      if (!hasKey(key)) {
        wrong.push(`${key} missing`);
        continue;
      }
      const option = DuplicateReasonSchema.options.find((o) => o.shape.code.value === code)!;
      const carried = new Set(Object.keys(option.shape).filter((k) => k !== 'code'));
      for (const lang of ['en', 'de'] as const)
        for (const m of messages[lang][key as MessageKey].matchAll(/\{(\w+)\}/g))
          if (!carried.has(m[1]!)) wrong.push(`${key} (${lang}) asks for {${m[1]}}`);
    }
    expect(wrong).toEqual([]);
  });
});
