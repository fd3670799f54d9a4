// The API's own English text, read in one place.
import { describe, expect, it } from 'vitest';
import {
  countInMessage,
  permissionTopics,
  saysAmbiguous,
  validationRefusal,
} from '../../../src-main/api/answerText';

describe('the API text adapter', () => {
  it('reads an ambiguous find', () => {
    expect(saysAmbiguous('invalid_request', 'Several suppliers match')).toBe(true);
    expect(saysAmbiguous('invalid_request', 'More than one supplier')).toBe(true);
    expect(saysAmbiguous('ambiguous_identifier', 'whatever')).toBe(true);
    expect(saysAmbiguous('invalid_request', 'The source is not known')).toBe(false);
  });
  it('reads the number of matches', () => {
    expect(countInMessage('3 suppliers match this identifier')).toBe(3);
    expect(countInMessage('found (2) matches')).toBe(2);
    expect(countInMessage('several suppliers')).toBeUndefined();
  });
  it('reads why a validation was refused', () => {
    expect(validationRefusal('The supplier is already validated')).toBe('already_validated');
    expect(validationRefusal('Supplier fully validated')).toBe('already_validated');
    expect(validationRefusal('A screening is in progress')).toBe('screening_running');
    expect(validationRefusal('A validation request is pending')).toBe('request_pending');
    expect(validationRefusal('The country is not supported')).toBeUndefined();
  });
  it('reads what a permission is about', () => {
    expect(permissionTopics(undefined)).toEqual({
      named: false,
      screening: false,
      validation: false,
      entitlement: false,
    });
    expect(permissionTopics('ACCESS_PUBLIC_SCREENING_REQUEST')).toMatchObject({
      named: true,
      screening: true,
      validation: false,
    });
    expect(permissionTopics('validation_on_create_entitlement')).toMatchObject({
      validation: true,
      entitlement: true,
    });
  });
});
